import type { RiskLevel } from '../../contract/methodology';
import { NOT_RATED_LABEL, RISK_LEVEL_LABELS } from '../../contract/methodology';
import { Badge, type BadgeTone } from './ui/badge';

// The verdict as the spec's rating badge: the risk level, the same words and colour on the report
// page, My Reports and the marketplace (decisions.md "One verdict"; decision 0381).

const RISK_LEVEL_TONES: Record<RiskLevel, BadgeTone> = {
  'Likely Safe': 'success',
  Potential: 'warning',
  'Not Safe': 'danger',
};

export function RiskLevelBadge({ level, className }: { level: RiskLevel | null; className?: string }) {
  return (
    <Badge tone={level ? RISK_LEVEL_TONES[level] : 'grey'} className={className} data-testid="risk-level">
      {level ? RISK_LEVEL_LABELS[level] : NOT_RATED_LABEL}
    </Badge>
  );
}
