import { describe, expect, it } from 'vitest';
import { errorCodes } from '@redacta/shared';
import { esMessages, loadEnMessages, mergeMessages, type Messages } from './bundles';

const es = esMessages as Messages & { errors: Messages; validation: Messages; plans: Messages };
const en = (await loadEnMessages()) as typeof es;

function keys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('locales', () => {
  it('es and en have exactly the same keys', () => {
    const esKeys = new Set(keys(es));
    const enKeys = new Set(keys(en));
    expect([...esKeys].filter((key) => !enKeys.has(key))).toEqual([]);
    expect([...enKeys].filter((key) => !esKeys.has(key))).toEqual([]);
  });

  it('no text is empty', () => {
    for (const [name, messages] of Object.entries({ es, en })) {
      for (const key of keys(messages)) {
        const text = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages);
        expect(typeof text === 'string' && text.trim().length > 0, `${name}: ${key}`).toBe(true);
      }
    }
  });

  it('every API error code has a message in both languages', () => {
    for (const code of errorCodes) {
      expect(es.errors, code).toHaveProperty(code);
      expect(en.errors, code).toHaveProperty(code);
    }
  });

  it('refuses a key defined twice across files', () => {
    expect(() => mergeMessages({ chat: { send: 'a' } }, { chat: { send: 'b' } })).toThrow('chat.send');
  });

  it('keeps the spec texts', () => {
    expect(es.errors.PHONE_LOGIN_UNSUPPORTED).toBe(
      'El inicio de sesión con número de teléfono no está disponible',
    );
    expect(es.errors.EMAIL_TAKEN).toBe('Ya existe una cuenta con esta dirección de correo electrónico');
    expect(es.validation.required).toBe('Este campo es obligatorio');
    expect(en.validation.personName).toBe('Enter a valid first name or last name');
    expect(es.plans).toEqual({ free: 'Plan gratuito', pro: 'Plan Pro', enterprise: 'Enterprise plan' });
  });
});
