import { pagePlaceholders } from "#core/page-placeholders.ts";
import type { LegalText } from "./legal-types.ts";

// The encarregado's e-mail is the configured DPO_EMAIL, the same one /privacidade and Configurações show.
const { dpoEmail } = pagePlaceholders;

/** The text with the placeholder for the encarregado's e-mail: fill it with legalTextFor. */
export const termsOfUse = {
  updatedAt: "22/11/2026",
  intro:
    "Estes Termos de Uso regulam o acesso e o uso da plataforma Sereno, oferecida pela Sereno Tecnologia em Bem-Estar Ltda., com sede em São Paulo/SP (“Sereno”, “nós”), aos colaboradores das empresas que contratam o serviço. Leia com atenção: ao usar o Sereno, você concorda com as regras abaixo.",
  crisisWarning: {
    title: "Se você estiver em crise, procure ajuda agora",
    text: "O Sereno não é um serviço de emergência e não acompanha os seus registros em tempo real. Se você está passando por um momento muito difícil ou pensando em se machucar, não precisa enfrentar isso sem apoio: ligue para o CVV no 188 (gratuito, 24 horas por dia, também com atendimento por chat em cvv.org.br), chame o SAMU pelo 192 ou vá à UPA ou ao pronto-socorro mais próximo. Pedir ajuda é um gesto de cuidado com você.",
  },
  sections: [
    {
      id: "aceitacao",
      title: "Aceitação dos termos",
      blocks: [
        {
          kind: "p",
          text: "Estes Termos formam um contrato entre você, usuário da plataforma, e o Sereno. Ao ativar a sua conta e usar o serviço, você declara que leu, compreendeu e aceita estes Termos e a Política de Privacidade. Se não concordar, não utilize a plataforma.",
        },
        {
          kind: "p",
          text: "As condições comerciais constam de contrato separado entre o Sereno e a empresa que contratou o serviço (“empresa contratante”), que não pode reduzir as garantias de confidencialidade previstas nestes Termos e na Política de Privacidade.",
        },
        {
          kind: "p",
          text: "O consentimento para o tratamento dos seus dados de bem-estar é solicitado separadamente, de forma específica e destacada, conforme a Política de Privacidade. Aceitar estes Termos não equivale a dar esse consentimento.",
        },
      ],
    },
    {
      id: "descricao-do-servico",
      title: "Descrição do serviço",
      blocks: [
        {
          kind: "p",
          text: "O Sereno é uma plataforma digital de apoio ao bem-estar emocional no ambiente de trabalho, oferecida no modelo de software como serviço (SaaS). A plataforma oferece:",
        },
        {
          kind: "list",
          items: [
            "Registro diário de humor (check-in), em uma escala de 1 a 5, com a opção de escrever anotações pessoais.",
            "Exercícios guiados de atenção plena (mindfulness).",
            "Acompanhamento do seu histórico pessoal e um sistema de progressão com pontos de experiência (XP) e níveis.",
            "Para gestores, painéis com indicadores agregados e anonimizados da equipe, exibidos somente para grupos de, no mínimo, 5 (cinco) respondentes distintos.",
            "Ferramentas administrativas para a gestão das empresas contratantes e de suas contas.",
          ],
        },
        {
          kind: "p",
          text: "Podemos aprimorar, incluir ou descontinuar funcionalidades, sempre preservando as garantias de confidencialidade da Política de Privacidade. Podem ocorrer interrupções para manutenção ou por motivos fora do nosso controle.",
        },
      ],
    },
    {
      id: "elegibilidade",
      title: "Elegibilidade e acesso por convite",
      blocks: [
        {
          kind: "list",
          items: [
            "O Sereno é destinado exclusivamente a pessoas com 18 (dezoito) anos ou mais. Ao ativar a sua conta, você declara ter atingido essa idade.",
            "As contas são criadas somente por convite: não há cadastro aberto ao público. O convite é enviado com base nos dados informados pela empresa contratante com a qual você mantém vínculo.",
            "O convite é pessoal e intransferível e só pode ser usado pela pessoa a quem foi destinado.",
            "O acesso depende de a empresa contratante manter o serviço ativo. Se o seu vínculo com ela terminar ou se ela encerrar a contratação, o seu acesso poderá ser encerrado, conforme a seção “Suspensão e encerramento”.",
          ],
        },
        {
          kind: "p",
          text: "A empresa contratante não deve convidar pessoas menores de 18 anos, inclusive aprendizes ou estagiários nessa condição. Contas de menores de idade, quando identificadas, serão desativadas.",
        },
        {
          kind: "p",
          text: "O uso do Sereno é voluntário. A sua empresa pode oferecer e incentivar a plataforma, mas a decisão de participar, de registrar o seu humor ou de escrever anotações é sempre sua.",
        },
      ],
    },
    {
      id: "conta-e-seguranca",
      title: "Conta e segurança",
      blocks: [
        {
          kind: "list",
          items: [
            "Mantenha os seus dados de cadastro corretos e atualizados.",
            "Crie uma senha forte e exclusiva para o Sereno e não a compartilhe com ninguém — nem com colegas, nem com gestores.",
            "Encerre a sessão ao usar dispositivos compartilhados ou públicos.",
            "Você é responsável pelas atividades realizadas com as suas credenciais, salvo quando decorrerem de falha de segurança do Sereno.",
            `Comunique imediatamente qualquer uso não autorizado ou suspeita de acesso indevido pelo e-mail contato@sereno.com.br ou, se envolver os seus dados pessoais, pelo e-mail ${dpoEmail}.`,
          ],
        },
        {
          kind: "p",
          text: "O Sereno nunca pede a sua senha por e-mail, telefone ou mensagem.",
        },
      ],
    },
    {
      id: "uso-aceitavel",
      title: "Uso aceitável",
      blocks: [
        {
          kind: "p",
          text: "Ao usar o Sereno, você se compromete a agir de boa-fé e de acordo com a lei. É proibido:",
        },
        {
          kind: "list",
          items: [
            "Tentar identificar respostas individuais de outras pessoas, inclusive por cruzamento de relatórios, recortes ou filtros, ou pressionar colegas a revelar os seus registros.",
            "Acessar ou tentar acessar contas, dados ou áreas da plataforma sem autorização.",
            "Interferir no funcionamento do serviço, explorar vulnerabilidades, sobrecarregar a infraestrutura ou introduzir códigos maliciosos.",
            "Usar robôs, scripts ou outros meios automatizados para coletar dados ou acumular XP artificialmente.",
            "Copiar, revender, sublicenciar ou explorar comercialmente a plataforma ou os seus conteúdos sem autorização.",
            "Fazer engenharia reversa do software, salvo nos limites permitidos por lei.",
            "Usar a plataforma para fins ilícitos, discriminatórios ou que violem direitos de terceiros.",
          ],
        },
        {
          kind: "p",
          text: `Gestores e administradores da empresa contratante devem usar os painéis agregados apenas para apoiar o bem-estar coletivo das equipes, e nunca para avaliar, pressionar ou punir pessoas. Falhas de segurança devem ser comunicadas a ${dpoEmail}, sem exploração.`,
        },
      ],
    },
    {
      id: "nao-substitui-cuidado-profissional",
      title: "O Sereno não substitui atendimento psicológico ou médico",
      blocks: [
        {
          kind: "p",
          text: "O Sereno é uma ferramenta de autocuidado e de promoção do bem-estar. Ele não oferece diagnóstico, tratamento, psicoterapia, aconselhamento clínico nem qualquer outro serviço de saúde, e não substitui a avaliação e o acompanhamento por psicólogos, psiquiatras, médicos ou outros profissionais habilitados.",
        },
        {
          kind: "list",
          items: [
            "Os exercícios de atenção plena e os demais conteúdos da plataforma têm caráter informativo e de apoio e podem não ser adequados a todas as pessoas ou situações. Se algum exercício causar desconforto, interrompa-o.",
            "Os registros de humor servem para a sua própria reflexão e não constituem avaliação clínica.",
            "O Sereno não monitora em tempo real os registros de humor nem as anotações e não aciona serviços de emergência. Escrever algo nas anotações não é uma forma de pedir ajuda — nem ao Sereno, nem à sua empresa.",
            "Se você tem ou suspeita ter alguma condição de saúde mental, ou sente que o seu bem-estar está piorando, procure um profissional de saúde. A rede pública (SUS), por meio das Unidades Básicas de Saúde (UBS) e dos Centros de Atenção Psicossocial (CAPS), também oferece atendimento.",
          ],
        },
        {
          kind: "p",
          text: "Em situação de crise, ou se estiver pensando em se machucar, não espere: ligue para o CVV no 188 (gratuito, 24 horas, também por chat em cvv.org.br), chame o SAMU pelo 192 ou vá à UPA ou ao pronto-socorro mais próximo.",
        },
      ],
    },
    {
      id: "propriedade-intelectual",
      title: "Conteúdo e propriedade intelectual",
      blocks: [
        {
          kind: "p",
          text: "A plataforma — incluindo software, marca, nome, logotipos, design, textos e conteúdos dos exercícios — pertence ao Sereno ou a seus licenciantes e é protegida pela legislação aplicável, incluindo a Lei nº 9.610/1998 (direitos autorais), a Lei nº 9.609/1998 (programas de computador) e a Lei nº 9.279/1996 (propriedade industrial).",
        },
        {
          kind: "p",
          text: "Concedemos a você uma licença pessoal, limitada, não exclusiva, intransferível e revogável para usar a plataforma enquanto o seu acesso estiver ativo, exclusivamente para fins pessoais de bem-estar. Nenhum outro direito é transferido além do que está expressamente previsto nestes Termos.",
        },
        {
          kind: "p",
          text: "O que você registra — humor e anotações — continua sendo seu. Você nos autoriza a armazenar e processar esse conteúdo apenas para prestar o serviço a você e para gerar indicadores agregados e anonimizados, nos termos da Política de Privacidade. Não reivindicamos a propriedade das suas anotações e nunca as publicamos.",
        },
      ],
    },
    {
      id: "xp-niveis-e-pontos",
      title: "XP, níveis e pontos",
      blocks: [
        {
          kind: "list",
          items: [
            "Os pontos de experiência (XP), os níveis e os demais elementos de progressão existem apenas para incentivar a constância no cuidado com o seu bem-estar.",
            "Eles não têm valor monetário, não constituem moeda, crédito nem ativo de qualquer natureza, e não podem ser trocados por dinheiro, bens, serviços ou benefícios, nem vendidos ou transferidos a outras pessoas.",
            "O XP não mede saúde, produtividade ou desempenho profissional e não deve ser usado como critério de avaliação, promoção, remuneração ou qualquer decisão sobre a relação de trabalho.",
            "O Sereno não compartilha com a empresa contratante o seu XP ou o seu nível individual.",
            "Podemos ajustar as regras de pontuação e remover pontos obtidos de forma irregular.",
            "Com o encerramento da conta, o XP e os níveis acumulados deixam de estar disponíveis, sem direito a qualquer compensação.",
          ],
        },
      ],
    },
    {
      id: "privacidade",
      title: "Privacidade e proteção de dados",
      blocks: [
        {
          kind: "p",
          text: "O tratamento dos seus dados pessoais é regido pela Política de Privacidade, disponível em /privacidade, que integra estes Termos. Recomendamos a leitura completa. Em resumo:",
        },
        {
          kind: "list",
          items: [
            "Os seus dados de bem-estar são dados pessoais sensíveis e são tratados com base no seu consentimento específico e destacado, que pode ser revogado a qualquer momento.",
            "A sua empresa e os seus gestores nunca veem o seu humor individual nem as suas anotações — apenas dados agregados e anonimizados de grupos com, no mínimo, 5 (cinco) pessoas.",
            "Não vendemos dados e não os usamos para publicidade.",
            `Você pode exercer os seus direitos de titular, previstos no art. 18 da Lei Geral de Proteção de Dados Pessoais (LGPD), pelo e-mail ${dpoEmail}.`,
          ],
        },
        {
          kind: "p",
          text: "Em caso de divergência entre estes Termos e a Política de Privacidade quanto ao tratamento de dados pessoais, prevalece a Política de Privacidade.",
        },
      ],
    },
    {
      id: "planos-pagamento-e-cancelamento",
      title: "Planos, pagamento e cancelamento",
      blocks: [
        {
          kind: "p",
          text: "O Sereno é contratado e pago pela empresa contratante. O uso da plataforma é gratuito para você, colaborador: nenhum valor será cobrado de você.",
        },
        {
          kind: "list",
          items: [
            "Planos, preços, quantidade de licenças, forma de pagamento e reajustes são definidos no contrato ou na proposta comercial firmada entre o Sereno e a empresa contratante.",
            "A falta de pagamento pela empresa contratante pode levar, após aviso, à suspensão do acesso de todas as contas vinculadas a ela.",
            "A empresa contratante pode cancelar a contratação mediante aviso prévio de 30 (trinta) dias, enviado por escrito ao Sereno. Durante esse período, o serviço continua disponível normalmente.",
            "Valores já pagos referentes a períodos utilizados não são reembolsáveis, salvo disposição diferente no contrato comercial ou na legislação aplicável.",
          ],
        },
        {
          kind: "p",
          text: "Com o fim da contratação, as contas vinculadas à empresa serão desativadas. Antes do encerramento, você poderá solicitar o acesso aos seus dados pessoais e a sua portabilidade; depois dele, os dados serão mantidos ou eliminados conforme os prazos da Política de Privacidade. A empresa contratante não recebe os dados individuais de bem-estar dos colaboradores em nenhuma hipótese, nem mesmo ao fim do contrato.",
        },
      ],
    },
    {
      id: "limitacao-de-responsabilidade",
      title: "Limitação de responsabilidade",
      blocks: [
        {
          kind: "p",
          text: "O Sereno é prestado com o cuidado e a diligência esperados de um serviço profissional, mas não garantimos que a plataforma funcione sem interrupções ou erros, nem resultados específicos de bem-estar, saúde ou desempenho decorrentes do seu uso.",
        },
        {
          kind: "p",
          text: "Na máxima extensão permitida pela lei, o Sereno não responde por: (i) decisões tomadas com base nos conteúdos da plataforma em substituição a orientação profissional; (ii) danos indiretos, lucros cessantes ou perda de oportunidades; (iii) falhas decorrentes de caso fortuito ou força maior, ou de serviços de terceiros fora do nosso controle, como provedores de acesso à internet; e (iv) uso indevido da conta por culpa exclusiva do usuário ou de terceiros.",
        },
        {
          kind: "p",
          text: "Em qualquer caso, a responsabilidade total do Sereno por danos relacionados ao serviço fica limitada ao valor total efetivamente pago pela empresa contratante ao Sereno nos 12 (doze) meses anteriores ao evento que deu origem à reclamação.",
        },
        {
          kind: "p",
          text: "As limitações desta seção não se aplicam às hipóteses em que a lei não admite limitação ou exclusão de responsabilidade, como danos causados por dolo ou culpa grave, nem afastam, quando a relação for de consumo, as regras do Código de Defesa do Consumidor (Lei nº 8.078/1990) que vedam cláusulas que impossibilitem, exonerem ou atenuem a responsabilidade do fornecedor (arts. 25 e 51, I). Também não afastam os direitos dos titulares de dados previstos na LGPD.",
        },
      ],
    },
    {
      id: "suspensao-e-encerramento",
      title: "Suspensão e encerramento",
      blocks: [
        {
          kind: "list",
          items: [
            `Você pode deixar de usar o Sereno a qualquer momento e pedir o encerramento da sua conta pelas configurações, quando disponível, ou pelo e-mail ${dpoEmail}.`,
            "Podemos suspender ou encerrar contas, com aviso prévio sempre que possível, em caso de violação destes Termos, de risco à segurança da plataforma ou de outros usuários, de suspeita de fraude ou de determinação legal ou judicial.",
            "O acesso também é encerrado quando a empresa contratante encerra a contratação ou informa o fim do seu vínculo com ela. Nesse caso, a empresa informa apenas o desligamento, sem acesso aos seus dados de bem-estar.",
            "Se entender que a sua conta foi suspensa ou encerrada indevidamente, você pode contestar a decisão pelo e-mail contato@sereno.com.br.",
          ],
        },
        {
          kind: "p",
          text: "Após o encerramento, os seus dados seguem os prazos de retenção e os direitos descritos na Política de Privacidade.",
        },
      ],
    },
    {
      id: "lei-aplicavel-foro-e-alteracoes",
      title: "Lei aplicável, foro e alterações dos termos",
      blocks: [
        {
          kind: "p",
          text: "Estes Termos são regidos pelas leis da República Federativa do Brasil. Fica eleito o foro da Comarca de São Paulo/SP para resolver eventuais controvérsias, ressalvado o direito do usuário consumidor de propor a ação no foro do seu domicílio, nos termos do art. 101, I, do Código de Defesa do Consumidor.",
        },
        {
          kind: "p",
          text: "Podemos alterar estes Termos para refletir mudanças no serviço ou na legislação. A data da última atualização aparece no início deste documento. Alterações relevantes serão comunicadas com antecedência razoável, pela plataforma ou por e-mail. Se você continuar a usar o Sereno após a entrada em vigor da nova versão, ela será considerada aceita; se não concordar, você poderá encerrar a sua conta a qualquer momento.",
        },
        {
          kind: "p",
          text: "Se alguma disposição destes Termos for considerada inválida, as demais permanecerão em vigor. A tolerância quanto ao descumprimento de qualquer regra não significa renúncia ao direito de exigi-la.",
        },
        {
          kind: "p",
          text: `Sereno Tecnologia em Bem-Estar Ltda., São Paulo/SP. Contato: contato@sereno.com.br. Privacidade e proteção de dados: ${dpoEmail}.`,
        },
      ],
    },
  ],
} satisfies LegalText;
