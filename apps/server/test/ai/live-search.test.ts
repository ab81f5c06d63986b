import { afterEach, describe, expect, it } from 'vitest';
import { asksForCurrentFacts, liveSearchMode, searchEpilogue } from '../../src/ai/live-search.ts';
import { searchWeb, WebSearchError } from '../../src/ai/web-search.ts';
import { startSearchPeer, type SearchPeer } from '../helpers/search-peer.ts';

describe('which requests want live search', () => {
  it.each([
    'Resume las últimas noticias del sector',
    '¿Cuál es el precio actual del aceite de oliva?',
    'Un post con las tendencias actuales en moda',
    '¿Quién ganó el Balón de Oro?',
    'Busca en internet qué lanzó la competencia',
    '¿Cuántos habitantes tiene Madrid a día de hoy?',
    "What's trending now on TikTok?",
    'Write a post about the latest news in AI',
    'What is the current exchange rate of the euro?',
  ])('a current-fact question: %s', (message) => {
    expect(asksForCurrentFacts(message)).toBe(true);
  });

  it.each([
    'Escribe un anuncio para la oferta de hoy',
    'Ideas de nombres para una cafetería',
    'Un correo de bienvenida actualizado',
    'Write a product description for running shoes',
    'Una noticia ficticia para un ejemplo de plantilla',
    'Un anuncio que termine con ¡compra ahora mismo!',
    'Write a product description for our real-time analytics dashboard',
    'Un post para nuestra web sobre la búsqueda de empleo',
  ])('plain copy: %s', (message) => {
    expect(asksForCurrentFacts(message)).toBe(false);
  });

  it('is available with a backend, not connected without one, off when not wanted', () => {
    const plain = { requested: undefined, message: 'Un anuncio' };
    expect(liveSearchMode({ ...plain, searchUrl: 'http://s' })).toBe('off');
    expect(liveSearchMode({ ...plain, requested: true, searchUrl: 'http://s' })).toBe('available');
    expect(liveSearchMode({ ...plain, requested: true, searchUrl: undefined })).toBe('not-connected');
    expect(liveSearchMode({ requested: false, message: 'Últimas noticias', searchUrl: undefined })).toBe(
      'not-connected',
    );
  });
});

describe('searchWeb against a SearXNG-protocol peer', () => {
  let peer: SearchPeer | undefined;
  afterEach(() => peer?.close());

  it('asks for JSON and keeps at most five results with a title and an http(s) address', async () => {
    peer = await startSearchPeer({
      results: [
        { title: 'Uno', url: 'https://a.example/1', content: '  primer   resultado ' },
        { title: 'Script', url: 'javascript:alert(1)' },
        { title: 'Data', url: 'data:text/html,<b>x</b>' },
        { title: '', url: 'https://a.example/empty' },
        { title: 'Roto](javascript:alert(1)) [x', url: 'https://a.example/(paren)' },
        ...Array.from({ length: 6 }, (_, i) => ({ title: `Más ${i}`, url: `https://b.example/${i}` })),
      ],
    });
    const results = await searchWeb(`${peer.url}/`, 'café hoy', new AbortController().signal);
    expect(peer.queries).toEqual([{ q: 'café hoy', format: 'json' }]);
    expect(results).toHaveLength(5);
    expect(results[0]).toEqual({ title: 'Uno', url: 'https://a.example/1', snippet: 'primer resultado' });
    expect(results[1]).toEqual({
      title: 'Roto (javascript:alert(1)) x',
      url: 'https://a.example/%28paren%29',
      snippet: '',
    });
    expect(results.every((r) => r.url.startsWith('https://'))).toBe(true);
  });

  it('turns an error status into a WebSearchError', async () => {
    peer = await startSearchPeer({ results: [], status: 502 });
    await expect(searchWeb(peer.url, 'x', new AbortController().signal)).rejects.toBeInstanceOf(
      WebSearchError,
    );
  });

  it('turns an unreachable backend into a WebSearchError', async () => {
    peer = await startSearchPeer();
    const url = peer.url;
    await peer.close();
    peer = undefined;
    await expect(searchWeb(url, 'x', new AbortController().signal)).rejects.toBeInstanceOf(WebSearchError);
  });
});

describe('the end of a searching reply', () => {
  const results = [
    { title: 'A', url: 'https://a.example/', snippet: '' },
    { title: 'B', url: 'https://b.example/', snippet: '' },
    { title: 'A again', url: 'https://a.example/', snippet: '' },
  ];

  it('lists each result the reply did not link, once, in the workspace language', () => {
    const text = searchEpilogue({ results, failed: false, replyText: 'Ver [B](https://b.example/).' }, 'en');
    expect(text).toBe('\n\n**Sources:**\n\n- [A](https://a.example/)\n');
  });

  it('is empty when everything was linked, and a notice when the search failed', () => {
    expect(
      searchEpilogue({ results, failed: false, replyText: 'https://a.example/ https://b.example/' }, 'es'),
    ).toBe('');
    expect(searchEpilogue({ results: [], failed: true, replyText: 'Texto' }, 'en')).toMatch(
      /^\n\n> \*\*Live search failed\.\*\*/,
    );
    expect(searchEpilogue({ results: [], failed: false, replyText: 'Texto' }, 'es')).toBe('');
  });
});
