declare module 'convert-layout/ru' {
  const ru: { fromEn(text: string): string; toEn(text: string): string };
  export default ru;
}
declare module 'convert-layout/by' {
  const by: { fromEn(text: string): string; toEn(text: string): string };
  export default by;
}
