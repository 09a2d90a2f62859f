declare module 'convert-layout/ru' {
  const ru: { fromEn(text: string): string; toEn(text: string): string };
  export default ru;
}
