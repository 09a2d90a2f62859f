/** Russian texts of the content area. Keys are upper-case codes, prefixed to avoid clashes. */
export const contentDict = {} as const;
