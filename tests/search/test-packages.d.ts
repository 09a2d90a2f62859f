// The judged-set builder's tools ship no types; it uses a handful of their calls.
declare module 'seedrandom' {
  export default function seedrandom(seed: string): () => number;
}
declare module 'russian-nouns-js' {
  const RussianNouns: {
    Engine: new () => { decline(lemma: unknown, grammaticalCase: string, plural?: string): string[]; pluralize(lemma: unknown): string[] };
    Gender: Record<'MASCULINE' | 'FEMININE' | 'NEUTER' | 'COMMON', string>;
    Case: Record<'NOMINATIVE' | 'GENITIVE' | 'DATIVE' | 'ACCUSATIVE' | 'INSTRUMENTAL' | 'PREPOSITIONAL', string>;
    createLemma(o: { text: string; gender: string }): unknown;
  };
  export default RussianNouns;
}
declare module 'cyrillic-to-translit-js' {
  export default function CyrillicToTranslit(config?: { preset?: string }): { transform(input: string, space?: string): string };
}
