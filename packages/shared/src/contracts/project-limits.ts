/**
 * The project values the web app needs before any request is checked: plain constants, apart from
 * projects.ts, whose schemas (built when the module loads) would bring zod into the chat's first load.
 */
export const PROJECT_NAME_MAX_LENGTH = 120;

export const projectSortKeys = ['createdAt', 'updatedAt', 'name'] as const;
export type ProjectSortKey = (typeof projectSortKeys)[number];
