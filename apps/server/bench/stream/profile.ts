import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/** Profiles this process from now until `stop()`, which writes the profile to `file`. */
export async function startProfile(file: string) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    stop: async () => {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
