/** How many times longer tests wait on CI than on a developer's machine (2 on CI, else 1). */
export const CI_WAIT_FACTOR: number;
