// Student mode (`student=1` in the URL, or the header toggle): the page keeps the controls,
// the charts and the flow table, and hides what a first lab does not need: the fluid model
// and its calculator, the export buttons (CSV, JSON, chart PNG/SVG) and these scenario fields.

/** Scenario fields hidden from the scenario panel in student mode (the JSON fields are too). */
export const ADVANCED_FIELDS: ReadonlySet<string> = new Set([
  'samplePeriod',
  'measureFrom',
  'packetSize',
  'topology.accessBuffer',
  'flows.rwnd',
  'flows.initialCwnd',
  'flows.minRto',
  'flows.dupThresh',
  'flows.vegasRetx',
  'flows.tedRto',
  'flows.delayedAck',
  'flows.deadlineRtt',
  'flows.startSpread',
  'flows.ccParams',
  'queue.weight',
  'queue.gentle',
]);
