import { expect, type Locator, type Page } from '@playwright/test';

/** /brand-voice (the list) and its editor (/brand-voice/new, /brand-voice/:id). Spanish labels. */
export class BrandVoicePage {
  readonly newVoice: Locator;
  readonly cards: Locator;
  readonly name: Locator;
  readonly sample: Locator;
  readonly sampleWordCount: Locator;
  readonly voiceText: Locator;
  readonly makeDefaultBox: Locator;
  readonly analyse: Locator;
  readonly redoAnalysis: Locator;
  readonly save: Locator;

  constructor(readonly page: Page) {
    this.newVoice = page.getByRole('link', { name: 'Nueva voz de marca' }).first();
    this.cards = page.getByTestId('brand-voice-card');
    this.name = page.getByLabel('Nombre', { exact: true });
    this.sample = page.getByLabel('Texto de muestra');
    this.sampleWordCount = page.getByTestId('sample-word-count');
    this.voiceText = page.getByLabel('Texto de la voz');
    this.makeDefaultBox = page.getByLabel('Usar como voz predeterminada');
    this.analyse = page.getByRole('button', { name: 'Analizar' });
    this.redoAnalysis = page.getByRole('button', { name: 'Repetir análisis' });
    this.save = page.getByRole('button', { name: 'Guardar' });
  }

  async goto() {
    await this.page.goto('/brand-voice');
    await expect(this.page.getByRole('heading', { name: 'Voz de marca', level: 1 })).toBeVisible();
  }

  card(name: string): Locator {
    return this.cards.filter({ has: this.page.getByRole('heading', { name, exact: false }) });
  }

  /** Sample → Analyse: waits for the voice description the analysis writes into the editor. */
  async analyseSample(sample: string) {
    await this.sample.fill(sample);
    await this.analyse.click();
    await expect(this.redoAnalysis).toBeEnabled({ timeout: 60_000 });
    await expect(this.voiceText).not.toHaveValue('');
  }

  async menuAction(
    voiceName: string,
    action: 'Editar' | 'Cambiar nombre' | 'Hacer predeterminada' | 'Eliminar',
  ) {
    await this.page.getByRole('button', { name: `Acciones de ${voiceName}` }).click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }
}
