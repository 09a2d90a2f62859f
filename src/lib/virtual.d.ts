/** Build-time dates of the source files (scripts/source-dates.mjs): path from the project root → ISO date. */
declare module 'virtual:source-dates' {
  const dates: Record<string, string>;
  export default dates;
}
