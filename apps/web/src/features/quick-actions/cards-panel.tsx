import { messages } from '@mutual/shared';
import { LoadError, Skeleton } from '../../components/query-state';
import { Tabs } from '../../components/tabs';
import { useCards } from '../cards/cards-api';
import { CardStatements } from '../cards/card-statements';
import { CardsOverview } from '../cards/cards-overview';
import { cardErrorMessage } from '../cards/format';

type CardsTab = 'overview' | 'statements';
const tabs = [
  { value: 'overview', label: 'Overview' },
  { value: 'statements', label: 'Statements' },
] as const satisfies readonly { value: CardsTab; label: string }[];

/**
 * The Cards panel of Quick Actions (spec §2, §8; issue 18 items 2 and 3): Overview (each card, its
 * controls and recent card transactions) and Statements (card transactions by month). Every
 * control is real: the card processor asks us before each purchase.
 */
export function CardsPanel() {
  const cards = useCards();

  if (cards.isPending) return <Skeleton label="Loading your cards" className="h-96" />;
  // A failed refetch keeps what is on screen.
  if (cards.isError && !cards.data) {
    return (
      <LoadError
        // The words are worked out here: "unavailable" only for a 503 or no answer at all (spec §8).
        error={null}
        fallback={cardErrorMessage(cards.error, messages.cards.loadFailed)}
        onRetry={() => void cards.refetch()}
      />
    );
  }
  const overview = cards.data;

  return (
    <Tabs tabs={tabs} label="Cards" defaultValue="overview">
      {(tab) =>
        tab === 'overview' ? <CardsOverview overview={overview} /> : <CardStatements cards={overview.cards} />
      }
    </Tabs>
  );
}
