import type { Locale } from '@redacta/shared';

// The brand-voice analysis in two steps: analysis.ts measures a sample and reads the measurements,
// analysis-texts.ts words what was read. Both name these types, so they live in neither.

/** What the analysis measures in a sample. */
export interface SampleFeatures {
  /** The language the sample is written in (which markers apply), not the language of the answer. */
  language: Locale;
  words: number;
  sentences: string[];
  averageSentenceWords: number;
  exclamationShare: number;
  questionShare: number;
  emoji: number;
  person: { firstSingular: number; firstPlural: number; second: number };
  address: 'informal' | 'formal' | 'neutral';
  /** Share of words that look like adjectives (suffixes and common describing words). */
  descriptiveShare: number;
  /** Distinct words over words. */
  variety: number;
  /** Content words used at least twice, most frequent first. */
  repeated: string[];
  figures: number;
  hashtags: number;
}

export type ReadingLevel = 'low' | 'mid' | 'high';

/** What readVoice makes of the measurements: the choices the description is written from. */
export interface VoiceReading {
  speaker: 'we' | 'i' | 'brand';
  addressesReader: boolean;
  address: SampleFeatures['address'];
  sentenceLength: ReadingLevel;
  exclamations: ReadingLevel;
  questions: ReadingLevel;
  emoji: boolean;
  descriptive: ReadingLevel;
  variety: ReadingLevel;
  figures: boolean;
  hashtags: boolean;
}
