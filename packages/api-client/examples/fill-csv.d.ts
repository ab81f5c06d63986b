export interface FillCsvOptions {
    baseUrl: string;
    /** A key of the workspace with the `generate` scope. */
    apiKey: string;
    workspaceId: string;
    /** A built-in template or one of the workspace's; the CSV's header names its fields. */
    templateId: string;
    input: string;
    output: string;
    /** The name of the column the copy goes into. */
    column?: string;
}
/** Fills every row, one request each, and answers how many rows and words it took. */
export declare function fillCsv(options: FillCsvOptions): Promise<{
    rows: number;
    words: number;
}>;
/** RFC 4180 CSV: commas, quoted fields with "" for a quote, CRLF or LF between records. */
export declare function parseCsv(text: string): string[][];
export declare function toCsv(records: string[][]): string;
