const DISPLAY_NAME = Symbol.for('fastify.display-name');

/**
 * Gives a plugin the name Fastify shows for it (its function's name unless another is given) and
 * returns it. Fastify names every plugin it registers; for one that carries no name it searches every
 * module Node has loaded (`require.cache`, thousands of entries) for the one exporting it, twice per
 * registration: a fifth of building the app. A named plugin skips that search.
 */
export function named<Plugin extends (...args: never[]) => unknown>(
  plugin: Plugin,
  name = plugin.name,
): Plugin {
  (plugin as Plugin & { [DISPLAY_NAME]?: string })[DISPLAY_NAME] ??= name;
  return plugin;
}
