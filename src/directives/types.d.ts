import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** src/directives/demand.ts */
    'client:demand'?: boolean | import('./demand').DemandOptions;
    /** src/directives/held.ts */
    'client:held'?: boolean | import('./held').HeldOptions;
  }
}
