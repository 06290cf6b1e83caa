/**
 * What the help screen says (spec 2 'Help'): short guides, the three FAQ
 * entries and the documents. Edit the words here; the components only lay
 * them out. Numbers come from core so the help never disagrees with the rules.
 */
import { BookOpen, ClipboardCheck, KeyRound, type LucideIcon, Sparkles, Users } from "lucide-react";
import { CHECK_IN_XP } from "#core/exercises.ts";
import type { Role } from "#core/roles.ts";
import { STREAK_BONUS_MAX, STREAK_BONUS_PER_DAY } from "#core/streak.ts";
import { XP_PER_LEVEL } from "#core/xp.ts";

export type HelpLink = { to: string; label: string };
export type HelpStep = { text: string; link?: HelpLink };

export type HelpGuide = {
  id: string;
  title: string;
  summary: string;
  icon: LucideIcon;
  steps: HelpStep[];
  tip?: string;
  /** Only these roles see the guide; everyone when absent. */
  roles?: readonly Role[];
  /** Extra words people may search with. */
  keywords?: string;
};

export type HelpFaq = { id: string; question: string; answer: string[]; link?: HelpLink; keywords?: string };

/** The group size below which team numbers stay hidden (privacy policy, section 'Sigilo'). */
const MIN_GROUP = 5;

export const helpGuides: HelpGuide[] = [
  {
    id: "check-in",
    title: "Fazer o check-in diário",
    summary: "Registre como você está em menos de um minuto e acompanhe seus dias.",
    icon: ClipboardCheck,
    keywords: "humor sentimento diario registrar calendario historico",
    steps: [
      { text: "Abra Check-ins no menu.", link: { to: "/check-ins", label: "Ir para Check-ins" } },
      {
        text: "Escolha de 1 a 5 como você está hoje: Muito Baixo, Baixo, Neutro, Bom ou Ótimo. Não existe resposta certa.",
      },
      { text: "Se quiser, marque também sua energia e seu estresse, de 1 a 5. São opcionais: pode pular." },
      { text: "Se quiser, escreva uma anotação. Ela é só sua e nunca entra em relatórios." },
      {
        text: `Envie o check-in. Você ganha +${CHECK_IN_XP} XP, uma vez por dia, e mais +${STREAK_BONUS_PER_DAY} de sequência por dia seguido (até ${CHECK_IN_XP + STREAK_BONUS_MAX} XP no dia).`,
      },
      { text: "Veja seus dias no calendário do mês e use as setas para voltar aos meses anteriores." },
    ],
    tip: `Sua empresa nunca vê o que você respondeu, só números agregados e anônimos de grupos com pelo menos ${MIN_GROUP} pessoas.`,
  },
  {
    id: "exercicios",
    title: "Fazer exercícios e ganhar XP",
    summary: "Pausas guiadas de respiração, meditação, movimento e foco que contam para o seu nível.",
    icon: Sparkles,
    keywords: "mindfulness meditacao respiracao pausa nivel pontos concluido",
    steps: [
      { text: "Abra Exercícios no menu.", link: { to: "/exercises", label: "Ir para Exercícios" } },
      { text: "Use a busca e os filtros de categoria e duração para achar algo que caiba no seu momento." },
      {
        text: "Escolha um exercício liberado e siga as orientações no seu ritmo. Os que têm cadeado abrem quando você sobe de nível.",
      },
      { text: "Ao terminar, toque em 'Marcar como Concluído' para receber o XP do exercício." },
      {
        text: "Cada exercício vale XP uma vez por dia. Você pode repetir quando quiser, e no dia seguinte ele vale XP de novo.",
      },
      { text: `A cada ${XP_PER_LEVEL} XP você sobe um nível. Seu nível e seu progresso aparecem no Painel.` },
    ],
  },
  {
    id: "conteudos",
    title: "Desbloquear conteúdos com pontos",
    summary: "Artigos, cursos e roteiros guiados exclusivos que se abrem conforme você participa.",
    icon: BookOpen,
    keywords: "biblioteca video roteiro guiado curso artigo cadeado bloqueado engajamento",
    steps: [
      {
        text: `Cada XP que você ganha também vira 1 ponto de engajamento. Um check-in, por exemplo, vale ${CHECK_IN_XP} pontos.`,
      },
      {
        text: "Abra Conteúdos no menu. O quadro no topo mostra quantos pontos você já tem.",
        link: { to: "/content", label: "Ir para Conteúdos" },
      },
      { text: "Os conteúdos com cadeado mostram quantos pontos faltam para serem liberados." },
      {
        text: "Quando seus pontos chegam ao valor pedido, o conteúdo abre na hora. Os pontos não são gastos: continuam valendo para os próximos.",
      },
    ],
  },
  {
    id: "senha-e-tema",
    title: "Alterar sua senha e o tema",
    summary: "Mantenha sua conta protegida e deixe o Sereno com a aparência mais confortável.",
    icon: KeyRound,
    keywords: "configuracoes seguranca claro escuro modo noturno aparencia conta",
    steps: [
      { text: "Abra Configurações, no fim do menu.", link: { to: "/settings", label: "Ir para Configurações" } },
      { text: "Em Privacidade e segurança, toque em Alterar senha." },
      {
        text: "Informe a senha atual e digite a nova duas vezes. Ela precisa ter pelo menos 8 caracteres e não pode ser uma senha muito comum.",
      },
      { text: "Salve. Por segurança, os outros aparelhos conectados à sua conta são desconectados." },
      {
        text: "Em Tema, escolha Claro ou Escuro. O ícone de sol ou lua no topo da página também troca o tema, e a escolha fica salva no seu perfil.",
      },
    ],
  },
  {
    id: "gestores",
    title: "Para gestores: o que você vê da equipe",
    summary: "Indicadores para cuidar do time sem expor ninguém.",
    icon: Users,
    roles: ["manager", "admin"],
    keywords: "gestor lider equipe time relatorio participacao anonimo agregado csv membros",
    steps: [
      {
        text: "No Painel, acompanhe o total de membros, os check-ins do dia, a taxa de participação e o humor médio da equipe.",
      },
      {
        text: "Em Relatórios, escolha o período e exporte os números em CSV.",
        link: { to: "/reports", label: "Ir para Relatórios" },
      },
      {
        text: `Todos os números são agregados e anônimos. Um indicador só aparece quando reúne respostas de pelo menos ${MIN_GROUP} pessoas; em grupos menores, ele fica oculto.`,
      },
      { text: "Você nunca vê o humor, as anotações ou os exercícios de uma pessoa específica." },
      {
        text: "Em Equipe, convide e remova membros dentro do limite do plano da empresa.",
        link: { to: "/team", label: "Ir para Equipe" },
      },
    ],
  },
];

export const helpFaqs: HelpFaq[] = [
  {
    id: "empresa-ve-check-in",
    question: "Minha empresa consegue ver o que eu respondo no check-in?",
    keywords: "privacidade sigilo anonimo gestor chefe lider rh confidencial",
    answer: [
      "Não. Suas respostas e anotações são privadas: só você vê o seu histórico.",
      `Sua empresa recebe apenas números agregados e anônimos da equipe, como o humor médio e a participação, e só de grupos com pelo menos ${MIN_GROUP} pessoas. Assim, ninguém consegue deduzir o que você respondeu. Suas anotações nunca entram em relatórios.`,
    ],
    link: { to: "/privacidade", label: "Ler a Política de Privacidade" },
  },
  {
    id: "xp-e-nivel",
    question: "Como ganho XP e subo de nível?",
    keywords: "pontos experiencia level progresso exercicio recompensa",
    answer: [
      `Você ganha +${CHECK_IN_XP} XP no check-in de cada dia, mais +${STREAK_BONUS_PER_DAY} XP de sequência para cada dia seguido depois do primeiro (até +${STREAK_BONUS_MAX}, ou seja, até ${CHECK_IN_XP + STREAK_BONUS_MAX} XP no dia; um dia sem check-in recomeça a sequência), e o XP de cada exercício que concluir. Cada exercício conta uma vez por dia: se repetir no mesmo dia, ele fica registrado, mas sem XP extra.`,
      `A cada ${XP_PER_LEVEL} XP você sobe um nível e libera novos exercícios. Seu progresso até o próximo nível aparece no Painel.`,
    ],
  },
  {
    // Spec 2 has three entries: losing the phone with the passkey is the same question (docs/decisions/055).
    id: "esqueci-senha",
    question: "Esqueci minha senha ou perdi meu celular. E agora?",
    keywords:
      "recuperar redefinir trocar login acesso entrar link email e-mail chave de acesso passkey aparelho codigo de recuperacao roubado",
    answer: [
      "Na página de login, toque em 'Esqueceu sua senha?' e informe o e-mail da sua conta. Enviaremos um link para você criar uma nova senha.",
      "O link vale por 30 minutos. Se ele expirar, é só pedir outro. Não chegou? Confira a caixa de spam ou fale com o suporte.",
      "Perdeu o celular com sua chave de acesso? Na página de login, toque em 'Perdeu sua chave de acesso?' e informe o código de recuperação que você guardou. Você cria uma nova chave, as antigas deixam de funcionar e os outros aparelhos saem da sua conta.",
      "Sem o código e sem e-mail na conta, peça ao RH da sua empresa para remover seu cadastro e importar você de novo. Você ativa o acesso outra vez, mas com uma conta nova, sem o histórico anterior.",
    ],
    link: { to: "/recuperar", label: "Recuperar o acesso com o código" },
  },
];

export const helpDocuments: Array<HelpLink & { description: string }> = [
  {
    to: "/privacidade",
    label: "Política de Privacidade",
    description: "Como cuidamos dos seus dados e o que sua empresa pode ver.",
  },
  { to: "/termos", label: "Termos de Uso", description: "As regras de uso do Sereno e os canais de apoio em crise." },
  {
    to: "/recursos",
    label: "Recursos do Sereno",
    description: "Tudo o que a plataforma oferece para você e sua equipe.",
  },
];
