/**
 * The qualification cards (assignment, scoring rules over the form's answers), which an offer's
 * page shows too (`kind="offer"`): one set of cards for both kinds of capture page.
 */
export { EventAssignmentCard } from '../components/event-assignment-card.tsx';
export { EventScoringRulesCard } from '../components/event-scoring-rules-card.tsx';
