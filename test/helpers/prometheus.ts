/**
 * Reads Prometheus' text exposition format (what GET /metrics answers) into
 * samples, so tests assert series by name and labels, not by text.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL = /([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g;

export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = LINE.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const [, name = "", labelText = "", raw = ""] = match;
    const labels: Record<string, string> = {};
    for (const [, key = "", value = ""] of labelText.matchAll(LABEL))
      labels[key] = value.replace(/\\n/g, "\n").replace(/\\(["\\])/g, "$1");
    // As Prometheus reads them (Go's ParseFloat): NaN and Inf in any case; prom-client writes "Nan".
    const special = raw.toLowerCase();
    const value =
      special === "nan"
        ? Number.NaN
        : /^[+-]?inf$/.test(special)
          ? (raw.startsWith("-") ? -1 : 1) * Infinity
          : Number(raw);
    if (Number.isNaN(value) && special !== "nan") throw new Error(`not a sample value: ${line}`);
    samples.push({ name, labels, value });
  }
  return samples;
}

/** The sum of the samples of `name` whose labels include `labels`; undefined when there is none. */
export function sampleValue(
  samples: readonly Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const matching = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
  return matching.length === 0 ? undefined : matching.reduce((sum, s) => sum + s.value, 0);
}
