// A seeded simulation of the ladder through the engine's rules (demo data and benchmarks).

export { brier, type RatingAccuracy, ratingAccuracy, spearman, spearmanTiesAtRandom } from './accuracy.ts';
export {
  alertChoices,
  answerAlert,
  DEFAULT_ALERT_DELAY,
  DEFAULT_ALERT_SESSION,
  type MinuteRange,
  type SimAlert,
  type SimAlertChoice,
  type SimAlertModel,
} from './alerts.ts';
export {
  type PlannedSession,
  type PlayedReport,
  type PlayMatchInput,
  planSessions,
  playMatch,
  type Seat,
  type SimulatedGame,
} from './behaviour.ts';
export { type CharacterMeta, type SeasonMeta, seasonMeta } from './meta.ts';
export { type SimAccount, type SimPlayer, simulatePopulation } from './population.ts';
export { type Random, stream } from './random.ts';
export { type SimulatedRecordOptions, simulatedRecord } from './record.ts';
export {
  type SeasonSimulation,
  type SeasonSimulationOptions,
  type SimMatch,
  type SimMatchPlayer,
  type SimPrediction,
  type SimReport,
  type SimRules,
  type SimSeasonStats,
  type SimWave,
  simulateSeason,
} from './season.ts';
