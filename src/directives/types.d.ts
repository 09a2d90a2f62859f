import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** src/directives/demand.ts */
    'client:demand'?: boolean | import('./demand').DemandOptions;
  }
}
