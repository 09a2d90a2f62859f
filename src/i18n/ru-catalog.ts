/** Russian texts of the catalog area. Keys are upper-case codes, prefixed to avoid clashes. */
export const catalogDict = {} as const;
