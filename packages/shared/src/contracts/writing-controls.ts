import { z } from 'zod';
import { outputLanguages, replyLengths, writingTones } from './writing-control-values.ts';

/** The writing controls' values (writing-control-values.ts) as the requests' schemas check them. */
export const writingToneSchema = z.enum(writingTones);
export const replyLengthSchema = z.enum(replyLengths);
export const outputLanguageSchema = z.enum(outputLanguages);
