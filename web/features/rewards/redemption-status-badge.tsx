import { CheckCircle2, Clock, Undo2 } from "lucide-react";
import { type RedemptionStatus, redemptionStatusLabels } from "#core/rewards.ts";
import { Badge } from "#web/components/ui/badge.tsx";

const looks = {
  pending: { tone: "accent", Icon: Clock },
  delivered: { tone: "success", Icon: CheckCircle2 },
  cancelled: { tone: "neutral", Icon: Undo2 },
} as const;

/** A redemption's status in words and icon, never colour alone. */
export function RedemptionStatusBadge({ status }: { status: RedemptionStatus }) {
  const { tone, Icon } = looks[status];
  return (
    <Badge tone={tone}>
      <Icon aria-hidden className="size-3.5" />
      {redemptionStatusLabels[status]}
    </Badge>
  );
}
