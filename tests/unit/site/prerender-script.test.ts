import { describe, expect, it } from 'vitest';
import { chunkFiles, fillTemplate } from '../../../scripts/prerender.ts';

const TEMPLATE = `<!doctype html><html><head><meta name="description" content="default" /><title>Default</title></head><body><div id="root"><!--app-html--></div></body></html>`;
const PAGE = { path: '/about', name: 'about', title: 'About "us" & more', description: 'Why <we> exist', heading: 'About' };

describe('prerender template', () => {
  it('puts the page title, description, preload hints and markup in place', () => {
    const html = fillTemplate(TEMPLATE, PAGE, '<main><h1>About</h1></main>', ['assets/site-1.js', 'assets/about-2.js']);
    expect(html).toContain('<title>About &quot;us&quot; &amp; more</title>');
    expect(html).toContain('<meta name="description" content="Why &lt;we&gt; exist" />');
    expect(html).not.toContain('default');
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/site-1.js"><link rel="modulepreload" crossorigin href="/assets/about-2.js"></head>',
    );
    expect(html).toContain('<div id="root"><main><h1>About</h1></main></div>');
  });

  it('inserts markup literally, even with $ patterns in it', () => {
    const html = fillTemplate(TEMPLATE, PAGE, '<p>Costs $& and $1</p>', []);
    expect(html).toContain('<div id="root"><p>Costs $& and $1</p></div>');
  });

  it('refuses a template without the placeholder', () => {
    expect(() => fillTemplate('<html><head></head><body></body></html>', PAGE, '<p/>', [])).toThrow(/placeholder/);
  });

  it('follows a chunk’s static imports once each, dependencies first', () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true },
      _shared: { file: 'assets/shared.js', imports: ['index.html'] },
      'client/site/pages/about.tsx': { file: 'assets/about.js', imports: ['_shared', 'index.html'] },
    };
    expect(chunkFiles(manifest, 'client/site/pages/about.tsx')).toEqual(['assets/index.js', 'assets/shared.js', 'assets/about.js']);
    expect(chunkFiles(manifest, 'missing')).toEqual([]);
  });
});
