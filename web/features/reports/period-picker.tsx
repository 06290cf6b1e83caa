import { RadioGroup } from "radix-ui";
import { type ReportPeriod, reportPeriodLabels, reportPeriods } from "#core/report-periods.ts";
import { cn } from "#web/lib/cn.ts";

/**
 * The report's period as a segmented control. Radix's radio group gives the
 * keyboard its usual moves: Tab into the group, arrows between periods.
 */
export function PeriodPicker({ value, onChange }: { value: ReportPeriod; onChange: (period: ReportPeriod) => void }) {
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={(next) => onChange(next as ReportPeriod)}
      orientation="horizontal"
      loop
      aria-label="Período do relatório"
      className="grid grid-cols-2 gap-1 rounded-lg bg-surface-2 p-1 sm:grid-cols-4"
    >
      {reportPeriods.map((period) => (
        <RadioGroup.Item
          key={period}
          value={period}
          className={cn(
            "flex min-h-11 cursor-pointer flex-col items-center justify-center rounded-md px-3 py-1.5 text-sm font-medium transition-colors",
            "text-muted hover:text-fg data-[state=checked]:bg-surface data-[state=checked]:text-fg",
            "data-[state=checked]:shadow-soft data-[state=checked]:ring-1 data-[state=checked]:ring-border",
          )}
        >
          <span>{reportPeriodLabels[period]}</span>
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
