/** Russian texts of the search area. Keys are upper-case codes, prefixed to avoid clashes. */
export const searchDict = {} as const;
