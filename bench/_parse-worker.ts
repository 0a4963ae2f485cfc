/**
 * A Worker holding only the parsing core, for bench/cold-start.ts. /load evaluates the parser's
 * modules (what a Worker start does with them) and, with ?warm, runs the start-up warm-up the app
 * runs at its global scope (core/ingredient/model/warm-up.ts); /parse parses the lines given (and
 * categorises their names with ?categorise); /noop does nothing (the CPU any request costs,
 * subtracted from the others).
 */
type Parser = typeof import("../core/ingredient/parse.ts");
type Categoriser = typeof import("../core/categorise/categorise.ts");
let parser: Parser | undefined;
let categoriser: Categoriser | undefined;

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/load") {
      parser = await import("../core/ingredient/parse.ts");
      categoriser = await import("../core/categorise/categorise.ts");
      const warm = await import("../core/ingredient/model/warm-up.ts");
      return new Response(`loaded ${url.searchParams.has("warm") ? warm.warmUpParser() : 0}`);
    }
    if (url.pathname === "/parse" && parser) {
      const lines = url.searchParams.getAll("line");
      let names = 0;
      for (const line of lines) {
        const p = parser.parseIngredient(line);
        if (url.searchParams.has("categorise") && p.name && categoriser) names += categoriser.categorise(p.name).length;
      }
      return new Response(`parsed ${lines.length} (${names})`);
    }
    return new Response("noop");
  },
};
