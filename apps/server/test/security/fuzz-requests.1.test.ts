import { fuzzSlice } from './fuzz-requests.slices.ts';

// The slice this file fuzzes is the number in its name.
fuzzSlice(import.meta.url);
