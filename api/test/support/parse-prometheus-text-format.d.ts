declare module "parse-prometheus-text-format" {
  export interface PrometheusFamily {
    name: string;
    help: string;
    type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED";
    metrics: { value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string; sum?: string }[];
  }
  /** Parses Prometheus's text exposition format; throws on a malformed line. */
  export default function parse(text: string): PrometheusFamily[];
}
