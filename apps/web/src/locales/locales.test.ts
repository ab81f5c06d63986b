import { describe, expect, it } from 'vitest';
import { errorCodes } from '@redacta/shared';
import { loadEnMessages, loadEsMessages, mergeMessages, type Messages } from './bundles';

const es = (await loadEsMessages()) as Messages & {
  errors: Messages;
  validation: Messages;
  plans: Messages;
  document: Messages;
  projects: Messages & { toasts: Messages };
};
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

  it('keeps the fixed wording of the phone, taken e-mail, name and plan texts', () => {
    expect(es.errors.PHONE_LOGIN_UNSUPPORTED).toBe(
      'El inicio de sesión con número de teléfono no está disponible',
    );
    expect(es.errors.EMAIL_TAKEN).toBe('Ya existe una cuenta con esta dirección de correo electrónico');
    expect(es.validation.required).toBe('Este campo es obligatorio');
    expect(en.validation.personName).toBe('Enter a valid first name or last name');
    expect(es.plans).toEqual({ free: 'Plan gratuito', pro: 'Plan Pro', enterprise: 'Plan Enterprise' });
  });

  /** Every text of a catalogue with its key. */
  const texts = (messages: Messages) =>
    keys(messages).map((key) => ({
      key,
      text: key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages) as string,
    }));

  it('Spanish speaks «tú», never «usted»', () => {
    // «usted» itself, and the usted forms of verbs and possessives the interface would use to address
    // the user (third-person «su conversación», «se elimina» describe things and stay allowed).
    const usted =
      /\b(usted(es)?|su (cuenta|perfil|correo|sesión|equipo|plan|espacio de trabajo)|introduzca|pulse|haga clic|inicie sesión|compruebe|inténtelo|revise|seleccione|escriba|elija|pida|recargue|espere|cree|mejore|acepte|confirme|guarde|le (enviaremos|hemos enviado)|desea)\b/i;
    for (const sample of ['Inicie sesión con su cuenta', 'Pulse Guardar', 'Le enviaremos un código'])
      expect(usted.test(sample), sample).toBe(true);
    expect(usted.test('Se eliminará con su conversación y su documento')).toBe(false);
    const found = texts(es).filter(({ text }) => usted.test(text));
    expect(found).toEqual([]);
  });

  it('opens Spanish exclamations with «¡» and agrees in number', () => {
    const unopened = texts(es).filter(({ text }) => /!/.test(text) && !/¡/.test(text));
    expect(unopened).toEqual([]);
    expect(es.projects.toasts).toMatchObject({
      deleted_one: 'Proyecto eliminado correctamente',
      deleted_other: 'Proyectos eliminados correctamente',
    });
    expect((es.document as Messages & { savedToast: string }).savedToast).toBe(
      '¡Proyecto guardado correctamente!',
    );
  });
});
