import { msteamsTexts } from "#core/msteams.ts";
import { msteamsMessages } from "#core/msteams-messages.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Label } from "#web/components/ui/field.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { ApiError } from "#web/lib/api.ts";
import { useMyMsteams, useOptMsteams, useUnlinkMsteams } from "./msteams.queries.ts";

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : msteamsMessages.notAvailable);

/**
 * 'Microsoft Teams' in Configurações › Notificações (docs/decisions/095): shown only when the company connected
 * its bot. The account is bound once from the app's card in Teams; then the switch is the opt-in and opt-out.
 */
export function MsteamsRow({ onDone, onFailed }: { onDone: (text: string) => void; onFailed: (text: string) => void }) {
  const teams = useMyMsteams();
  const opt = useOptMsteams();
  const unlink = useUnlinkMsteams();
  if (!teams.data?.available) return null;
  const { linked, optedIn } = teams.data;

  async function run(change: () => Promise<{ message: string }>) {
    try {
      onDone((await change()).message);
    } catch (error) {
      onFailed(errorText(error));
    }
  }

  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="relative flex min-h-16 items-center gap-4">
        <div className="min-w-0 flex-1">
          <Label htmlFor="notificacao-teams" className="cursor-pointer after:absolute after:inset-0 after:content-['']">
            Microsoft Teams
          </Label>
          <p id="notificacao-teams-descricao" className="text-sm text-muted">
            {linked
              ? `Um cartão do Sereno por dia no seu chat com o app Sereno no Teams, na hora dos lembretes: “${msteamsTexts.reminderTitle}” e as opções do check-in. Sua resposta vai direto para o Sereno e o cartão vira “${msteamsTexts.doneTitle}”: nada do que você respondeu fica na conversa. Sua empresa não sabe quem escolheu o Teams.`
              : "Abra o app Sereno no Teams e toque em “Vincular minha conta”. Depois é só ativar aqui."}
          </p>
        </div>
        <Switch
          id="notificacao-teams"
          className="relative"
          aria-describedby="notificacao-teams-descricao"
          checked={optedIn}
          disabled={!linked || opt.isPending}
          onCheckedChange={(next) => void run(() => opt.mutateAsync(next))}
        />
      </div>
      {linked ? (
        <Button
          variant="ghost"
          size="sm"
          className="self-start"
          disabled={unlink.isPending}
          onClick={() => void run(() => unlink.mutateAsync(undefined))}
        >
          Desvincular conta do Teams
        </Button>
      ) : null}
    </li>
  );
}
