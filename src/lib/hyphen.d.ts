declare module 'hyphen/ru' {
  const ru: { hyphenateSync(text: string, options?: { minWordLength?: number; hyphenChar?: string; exceptions?: string[] }): string };
  export default ru;
}
