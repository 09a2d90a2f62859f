/** Russian texts of the basket area. Keys are upper-case codes, prefixed to avoid clashes. */
export const basketDict = {} as const;
