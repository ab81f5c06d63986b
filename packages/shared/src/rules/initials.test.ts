import { describe, expect, it } from 'vitest';
import { userInitials, workspaceInitials } from './initials.ts';

describe('userInitials', () => {
  it('takes the first letters of first and last name, upper-cased', () => {
    expect(userInitials({ firstName: 'ana', lastName: 'garcía', email: 'x@example.com' })).toBe('AG');
  });

  it('ignores surrounding spaces', () => {
    expect(userInitials({ firstName: '  luis ', lastName: ' pérez' })).toBe('LP');
  });

  it('uses only the name there is', () => {
    expect(userInitials({ firstName: 'Ana', lastName: null, email: 'x@example.com' })).toBe('A');
    expect(userInitials({ firstName: '', lastName: 'García', email: 'x@example.com' })).toBe('G');
  });

  it('falls back to the first letter of the e-mail', () => {
    expect(userInitials({ firstName: null, lastName: '  ', email: 'zoe@example.com' })).toBe('Z');
  });

  it('answers NF when there is nothing', () => {
    expect(userInitials({})).toBe('NF');
    expect(userInitials({ firstName: ' ', lastName: '', email: '' })).toBe('NF');
  });

  it('handles letters beyond ASCII and characters outside the BMP', () => {
    expect(userInitials({ firstName: 'élodie', lastName: 'ñúñez' })).toBe('ÉÑ');
    expect(userInitials({ firstName: 'ßophie', lastName: 'øre' })).toBe('SSØ');
    expect(userInitials({ firstName: '𝒜lice', lastName: 'Ωmega' })).toBe('𝒜Ω');
    expect(userInitials({ firstName: 'Алексей', lastName: 'Иванов' })).toBe('АИ');
  });
});

describe('workspaceInitials', () => {
  it('takes the first letters of the first two words', () => {
    expect(workspaceInitials('marketing team alpha')).toBe('MT');
  });

  it('skips the word “de” in any case', () => {
    expect(workspaceInitials('Espacio de Trabajo')).toBe('ET');
    expect(workspaceInitials('Casa DE Papel')).toBe('CP');
    expect(workspaceInitials('De Dios')).toBe('DW');
    expect(workspaceInitials('Departamento De ventas')).toBe('DV');
  });

  it('uses W as the second letter for one word', () => {
    expect(workspaceInitials('redacta')).toBe('RW');
    expect(workspaceInitials('  Ñandú  ')).toBe('ÑW');
  });

  it('answers W for an empty name', () => {
    expect(workspaceInitials('')).toBe('W');
    expect(workspaceInitials('   ')).toBe('W');
    expect(workspaceInitials(null)).toBe('W');
    expect(workspaceInitials(undefined)).toBe('W');
    expect(workspaceInitials('de')).toBe('W');
  });
});
