import { pagePlaceholders } from "#core/page-placeholders.ts";
import type { LegalText } from "./legal-types.ts";

const { dpoEmail, notesRetentionDays } = pagePlaceholders;

/** The text with placeholders for the encarregado and the retention period: fill it with legalTextFor. */
export const privacyPolicy = {
  updatedAt: "22/11/2026",
  intro:
    "Esta Política de Privacidade explica como a Sereno trata os dados pessoais de quem usa a plataforma Sereno, oferecida a empresas para apoiar o bem-estar emocional de suas equipes. Como parte desses dados diz respeito à sua saúde emocional — e, por isso, são dados pessoais sensíveis segundo a Lei Geral de Proteção de Dados Pessoais (Lei nº 13.709/2018, “LGPD”) —, adotamos um padrão de proteção reforçado. O princípio central é simples: o que você registra sobre o seu humor e o seu bem-estar é seu, e a sua empresa nunca tem acesso às suas respostas individuais.",
  sections: [
    {
      id: "controlador-e-papeis",
      title: "Quem somos e quem é responsável pelos seus dados",
      blocks: [
        {
          kind: "p",
          text: "A controladora dos dados pessoais tratados na plataforma é a Sereno Tecnologia em Bem-Estar Ltda., com sede em São Paulo/SP (“Sereno”, “nós”). Para assuntos gerais, o contato é contato@sereno.com.br.",
        },
        {
          kind: "p",
          text: "O Sereno é contratado por empresas (“empresa contratante”) que oferecem a plataforma a seus colaboradores. Por isso, as responsabilidades sobre os dados são divididas da seguinte forma:",
        },
        {
          kind: "list",
          items: [
            "Empresa contratante: é controladora dos dados da relação de trabalho que mantém com você (como nome, e-mail corporativo e cargo) e decide, com base legal própria, compartilhá-los com o Sereno apenas para que você receba o convite de acesso. Ela recebe de nós somente relatórios agregados e anonimizados, que não são dados pessoais (art. 12 da LGPD).",
            "Sereno: é controladora, de forma independente, dos dados tratados na plataforma — os seus dados de conta a partir da ativação do convite e todos os dados de bem-estar que você registrar (humor, anotações, exercícios concluídos e XP). Somos nós que definimos como esses dados são tratados e respondemos perante você por esse tratamento.",
            "Não há controladoria conjunta sobre os dados de bem-estar: a empresa contratante não decide sobre o seu tratamento, não tem acesso a eles e não pode instruir o Sereno a revelá-los.",
          ],
        },
        {
          kind: "p",
          text: "Assim, a confidencialidade dos seus dados de bem-estar é um compromisso do Sereno diretamente com você, e não uma configuração que a empresa possa alterar.",
        },
        {
          kind: "p",
          text: "Encarregado pelo tratamento de dados pessoais (DPO): nos termos do art. 41 da LGPD, o Sereno indicou um encarregado, responsável por atender os titulares e a Autoridade Nacional de Proteção de Dados (ANPD). Para qualquer assunto relacionado a privacidade e proteção de dados, fale com o encarregado:",
        },
        { kind: "dpo" },
      ],
    },
    {
      id: "dados-coletados",
      title: "Quais dados coletamos",
      blocks: [
        {
          kind: "p",
          text: "Coletamos apenas os dados necessários para oferecer o serviço, em observância ao princípio da necessidade (art. 6º, III, da LGPD):",
        },
        {
          kind: "list",
          items: [
            "Dados de conta: nome, e-mail, empresa à qual você está vinculado, cargo ou função e senha (armazenada somente na forma de hash, nunca em texto legível). Esses dados são informados pela empresa contratante no convite e complementados por você na ativação da conta.",
            "Dados de bem-estar (dados pessoais sensíveis): o registro diário do seu humor, em uma escala de 1 a 5; as anotações opcionais que você escolher escrever junto ao registro; os exercícios guiados de atenção plena (mindfulness) que você concluir; e os pontos de experiência (XP) e níveis acumulados.",
            "Dados técnicos e registros de acesso: endereço IP, data e hora de acesso, tipo de navegador e de dispositivo, e registros de eventos de segurança, como tentativas de login e alterações na conta.",
            "Dados de faturamento: dados cadastrais e financeiros da empresa contratante, necessários à cobrança do serviço. Esses dados se referem à empresa, e não aos colaboradores.",
          ],
        },
        {
          kind: "p",
          text: "As anotações são opcionais e de texto livre; evite incluir nelas dados de outras pessoas. Não coletamos localização precisa, contatos do dispositivo nem dados biométricos.",
        },
      ],
    },
    {
      id: "finalidades-e-bases-legais",
      title: "Para que usamos seus dados e com qual base legal",
      blocks: [
        {
          kind: "p",
          text: "Cada tratamento tem uma finalidade definida e uma base legal prevista na LGPD. Para os dados pessoais comuns, aplicam-se as hipóteses do art. 7º:",
        },
        {
          kind: "list",
          items: [
            "Criação e gestão da sua conta, autenticação e oferta das funcionalidades da plataforma: execução do contrato do qual você é parte, formado pela aceitação dos Termos de Uso (art. 7º, V).",
            "Guarda dos registros de acesso à aplicação e atendimento a obrigações fiscais e regulatórias: cumprimento de obrigação legal ou regulatória (art. 7º, II), inclusive o art. 15 do Marco Civil da Internet (Lei nº 12.965/2014).",
            "Segurança da plataforma, prevenção de fraudes e melhoria do serviço com base em métricas técnicas: legítimo interesse (art. 7º, IX), sempre respeitadas as suas legítimas expectativas e os seus direitos e liberdades fundamentais (art. 10).",
            "Defesa em processos judiciais, administrativos ou arbitrais: exercício regular de direitos (art. 7º, VI).",
          ],
        },
        {
          kind: "p",
          text: "Para os dados de bem-estar, que são dados pessoais sensíveis referentes à saúde (art. 5º, II), aplicam-se exclusivamente as hipóteses do art. 11:",
        },
        {
          kind: "list",
          items: [
            "Consentimento específico e destacado (art. 11, I): é a base principal. Na ativação da conta, pedimos o seu consentimento em uma tela própria, separada dos demais termos, para as finalidades específicas de registrar seu humor, suas anotações e seu progresso nos exercícios, exibir o seu histórico pessoal e compor relatórios agregados e anonimizados. Sem esse consentimento, os recursos de bem-estar não são ativados.",
            "Cumprimento de obrigação legal ou regulatória pelo controlador (art. 11, II, “a”): por exemplo, para atender a uma ordem judicial ou a uma requisição de autoridade competente.",
            "Exercício regular de direitos, inclusive em contrato e em processo judicial, administrativo e arbitral (art. 11, II, “d”).",
            "Garantia da prevenção à fraude e da segurança do titular, nos processos de identificação e autenticação de cadastro em sistemas eletrônicos (art. 11, II, “g”).",
          ],
        },
        {
          kind: "p",
          text: `Você pode revogar o consentimento a qualquer momento, de forma gratuita e facilitada (art. 8º, § 5º), em Configurações › Privacidade e dados, ou pelo e-mail ${dpoEmail}. A revogação não afeta os tratamentos realizados anteriormente, mas interrompe o registro de novos dados de bem-estar. Não usamos seus dados de bem-estar para publicidade, para criação de perfis com fins comerciais nem para decisões automatizadas que afetem seus interesses, e eles nunca são usados para fins discriminatórios (art. 6º, IX).`,
        },
      ],
    },
    {
      id: "anonimizacao-e-sigilo",
      title: "Sigilo perante a sua empresa: somente dados agregados e anonimizados",
      blocks: [
        {
          kind: "p",
          text: "Este é o compromisso mais importante desta política: nem o seu gestor nem qualquer pessoa da empresa contratante vê, em nenhuma hipótese, o seu humor individual ou as suas anotações.",
        },
        {
          kind: "list",
          items: [
            "Gestores e administradores da empresa contratante acessam apenas indicadores agregados da equipe, como médias e tendências de humor e níveis de participação.",
            "Um indicador só é exibido quando reúne respostas de, no mínimo, 5 (cinco) pessoas distintas. Dados de grupos com menos de 5 respondentes são retidos e não aparecem em nenhum relatório, filtro ou recorte, para evitar que alguém seja identificado por dedução.",
            "As anotações opcionais nunca entram em relatórios, nem mesmo de forma agregada.",
            "Ninguém na empresa contratante pode solicitar dados individuais de bem-estar, e o Sereno não os fornece, seja qual for o motivo alegado — inclusive avaliação de desempenho, processo disciplinar ou desligamento.",
            "A LGPD proíbe a comunicação ou o uso compartilhado de dados pessoais sensíveis referentes à saúde entre controladores com o objetivo de obter vantagem econômica (art. 11, § 4º), e o Sereno não realiza esse tipo de compartilhamento.",
          ],
        },
        {
          kind: "p",
          text: `Os dados agregados são produzidos com meios técnicos razoáveis de anonimização e, por isso, não permitem identificar nenhum titular (arts. 5º, III, e 12 da LGPD). Se você souber de qualquer tentativa de identificar respostas individuais, comunique imediatamente o encarregado pelo e-mail ${dpoEmail}.`,
        },
        {
          kind: "p",
          text: "Dentro do Sereno, o acesso a dados individuais de bem-estar é restrito ao mínimo indispensável para operar a plataforma, limitado a pessoas sujeitas a dever de confidencialidade e registrado em trilhas de auditoria. Os administradores da plataforma gerenciam empresas e contas, não os seus registros de humor.",
        },
      ],
    },
    {
      id: "compartilhamento",
      title: "Compartilhamento de dados e transferência internacional",
      blocks: [
        {
          kind: "p",
          text: "O Sereno não vende, não aluga e não comercializa dados pessoais, e não os utiliza nem os compartilha para fins de publicidade. Compartilhamos dados somente nas situações abaixo:",
        },
        {
          kind: "list",
          items: [
            "Operadores que nos prestam serviços: provedores de hospedagem e infraestrutura em nuvem e serviço de envio de e-mails transacionais (como convites, redefinição de senha e avisos sobre a conta). Eles tratam os dados apenas segundo as nossas instruções e para as finalidades desta política, e estão sujeitos a obrigações contratuais de confidencialidade e segurança (art. 39 da LGPD).",
            "Empresa contratante: apenas relatórios agregados e anonimizados, nas condições descritas na seção anterior, e as informações necessárias à gestão das licenças contratadas, como a situação do convite e da conta — nunca dados de bem-estar individuais.",
            "Autoridades públicas: quando houver obrigação legal, ordem judicial ou requisição de autoridade competente, limitando o compartilhamento ao estritamente exigido.",
            "Operações societárias: em caso de fusão ou aquisição, o sucessor ficará obrigado a respeitar esta política, inclusive o sigilo dos dados de bem-estar.",
          ],
        },
        {
          kind: "p",
          text: `Transferência internacional: alguns dos nossos operadores, como provedores de nuvem e de e-mail, podem armazenar ou processar dados em servidores localizados fora do Brasil. Essas transferências ocorrem somente nas hipóteses permitidas pelo art. 33 da LGPD — por exemplo, para países ou organismos internacionais reconhecidos pela ANPD como detentores de grau de proteção adequado (art. 33, I) ou mediante cláusulas-padrão contratuais aprovadas pela ANPD (art. 33, II, “b”) — e com garantias de segurança equivalentes às descritas nesta política. Você pode pedir informações sobre os países envolvidos pelo e-mail ${dpoEmail}.`,
        },
      ],
    },
    {
      id: "retencao",
      title: "Por quanto tempo guardamos seus dados",
      blocks: [
        {
          kind: "p",
          text: "Mantemos os dados pessoais apenas pelo tempo necessário às finalidades para as quais foram coletados ou pelo prazo exigido por lei (arts. 15 e 16 da LGPD):",
        },
        {
          kind: "list",
          items: [
            "Dados de conta: enquanto a conta estiver ativa. Após o encerramento, são eliminados ou anonimizados, ressalvada a conservação mínima necessária ao cumprimento de obrigação legal ou ao exercício regular de direitos.",
            "Dados de bem-estar: por até 5 (cinco) anos após o término do serviço, o que permite recuperar o seu histórico caso você volte a usar a plataforma e exercer direitos em eventuais reclamações. Você pode pedir a eliminação antes desse prazo a qualquer momento, inclusive ao revogar o consentimento.",
            `Anotações dos check-ins: apagadas automaticamente ${notesRetentionDays} dias depois de escritas. O registro do humor continua no seu histórico; só o texto é apagado.`,
            "Canal de escuta: cada caso, com a conversa, as notas internas e os anexos, é guardado enquanto está aberto e por 5 (cinco) anos depois de concluído ou arquivado, ou pelo prazo que a administração do Sereno definir para a sua empresa (de 1 a 20 anos); depois disso, é apagado automaticamente. Um caso anônimo não guarda nenhum dado da sua conta; o protocolo e a senha ficam só com você (guardamos apenas uma forma cifrada da senha). Dos anexos (fotos e PDFs) tiramos, antes de guardar, os metadados (autor, título, local e data em que a foto foi tirada, aparelho), e o nome do arquivo não é guardado.",
            "Sessões de acesso: valem por até 7 (sete) dias e são apagadas quando expiram.",
            "Links de redefinição de senha: valem por 1 (uma) hora e são apagados quando expiram. Convites: valem por 7 (sete) dias e são apagados quando aceitos ou expirados.",
            "Cópias de e-mails enviados guardadas no servidor (somente em instalações sem servidor de e-mail): 30 (trinta) dias.",
            "Contadores de tentativas de acesso (proteção contra abusos): apagados quando termina a janela de contagem, de no máximo 1 (uma) hora.",
            "Registros (logs) do sistema: 12 (doze) meses. O art. 15 do Marco Civil da Internet exige a guarda dos registros de acesso a aplicações por, no mínimo, 6 (seis) meses; adotamos um prazo maior para permitir a investigação de incidentes de segurança.",
            "Dados financeiros e de faturamento da empresa contratante: de 5 (cinco) a 10 (dez) anos, conforme os prazos previstos na legislação tributária e civil.",
          ],
        },
        {
          kind: "p",
          text: "Ao fim desses prazos, os dados são eliminados de forma segura ou anonimizados de modo irreversível.",
        },
      ],
    },
    {
      id: "direitos-do-titular",
      title: "Seus direitos como titular",
      blocks: [
        {
          kind: "p",
          text: "Nos termos do art. 18 da LGPD, você tem direito de obter do Sereno, a qualquer momento e mediante requisição:",
        },
        {
          kind: "list",
          items: [
            "Confirmação da existência de tratamento dos seus dados.",
            "Acesso aos dados.",
            "Correção de dados incompletos, inexatos ou desatualizados.",
            "Anonimização, bloqueio ou eliminação de dados desnecessários, excessivos ou tratados em desconformidade com a LGPD.",
            "Portabilidade dos dados a outro fornecedor de serviço ou produto, mediante requisição expressa, observados os segredos comercial e industrial e a regulamentação da ANPD.",
            "Eliminação dos dados tratados com o seu consentimento, exceto nas hipóteses de conservação previstas no art. 16 da LGPD.",
            "Informação sobre as entidades públicas e privadas com as quais o Sereno realizou uso compartilhado de dados.",
            "Informação sobre a possibilidade de não fornecer consentimento e sobre as consequências da negativa.",
            "Revogação do consentimento, nos termos do art. 8º, § 5º, da LGPD.",
          ],
        },
        {
          kind: "p",
          text: `Como exercer seus direitos: envie sua solicitação para ${dpoEmail}, de preferência a partir do e-mail cadastrado na conta. Para proteger você, podemos pedir informações adicionais que confirmem a sua identidade. O atendimento é gratuito.`,
        },
        {
          kind: "p",
          text: "Responderemos em até 15 (quinze) dias úteis, contados do recebimento da solicitação. A confirmação de existência de tratamento e o acesso completo aos dados serão fornecidos, em qualquer caso, dentro do prazo de até 15 (quinze) dias previsto no art. 19, II, da LGPD. Se não for possível atender de imediato, informaremos as razões de fato ou de direito que impedem a adoção da providência (art. 18, § 4º).",
        },
        {
          kind: "p",
          text: "Pedidos sobre os dados da relação de trabalho mantidos pela empresa contratante devem ser dirigidos a ela.",
        },
        {
          kind: "p",
          text: "Reclamação à ANPD: se entender que seus direitos não foram atendidos, você pode peticionar contra o Sereno perante a Autoridade Nacional de Proteção de Dados (art. 18, § 1º, da LGPD), pelo site www.gov.br/anpd.",
        },
      ],
    },
    {
      id: "seguranca",
      title: "Como protegemos seus dados",
      blocks: [
        {
          kind: "p",
          text: "Adotamos medidas de segurança, técnicas e administrativas, aptas a proteger os dados pessoais contra acessos não autorizados e contra situações acidentais ou ilícitas de destruição, perda, alteração, comunicação ou difusão (art. 46 da LGPD), entre elas:",
        },
        {
          kind: "list",
          items: [
            "Criptografia em trânsito: toda a comunicação entre o seu dispositivo e a plataforma é protegida por HTTPS/TLS.",
            "Sessões protegidas: a sessão é mantida por um cookie marcado como httpOnly, inacessível a scripts da página, o que reduz o risco de roubo de sessão.",
            "Senhas protegidas por hash: as senhas são armazenadas apenas na forma de hash criptográfico de mão única, gerado por algoritmo próprio para senhas; ninguém no Sereno tem acesso à sua senha.",
            "Controle de acesso: permissões por perfil (colaborador, gestor e administrador), segundo o princípio do menor privilégio, e a regra do grupo mínimo de 5 (cinco) pessoas aplicada tecnicamente na geração dos relatórios.",
            "Registros de auditoria: ações administrativas e acessos a dados relevantes ficam registrados, para fins de investigação e responsabilização.",
            "Pessoas e fornecedores: compromissos de confidencialidade, orientação da equipe e exigência de padrões de segurança dos operadores.",
          ],
        },
        {
          kind: "p",
          text: "Nenhum sistema é totalmente imune a riscos. Se ocorrer um incidente de segurança que possa acarretar risco ou dano relevante a você, comunicaremos a ANPD e os titulares afetados, nos termos do art. 48 da LGPD e da regulamentação da ANPD.",
        },
      ],
    },
    {
      id: "cookies",
      title: "Cookies e armazenamento local",
      blocks: [
        {
          kind: "p",
          text: "Usamos apenas:",
        },
        {
          kind: "list",
          items: [
            "Cookie de sessão (essencial): mantém você autenticado com segurança enquanto usa a plataforma. É marcado como httpOnly e é indispensável ao funcionamento do serviço.",
            "Preferência de tema: a sua escolha entre tema claro e escuro é guardada no armazenamento local (local storage) do seu navegador, apenas para lembrar essa preferência. Essa informação fica no seu dispositivo e não é usada para identificar ou rastrear você.",
          ],
        },
        {
          kind: "p",
          text: "Não usamos cookies de publicidade, de rastreamento ou de redes sociais, nem ferramentas de análise de terceiros que acompanhem a sua navegação. Você pode apagar cookies e dados locais nas configurações do navegador; sem o cookie de sessão, será preciso entrar novamente. Se um dia passarmos a usar cookies não essenciais, atualizaremos esta política e pediremos o seu consentimento antes.",
        },
      ],
    },
    {
      id: "menores-alteracoes-e-contato",
      title: "Menores de idade, alterações desta política e contato",
      blocks: [
        {
          kind: "p",
          text: "O Sereno é destinado exclusivamente a pessoas com 18 (dezoito) anos ou mais, vinculadas a uma empresa contratante. Não coletamos intencionalmente dados de crianças ou adolescentes. Se identificarmos que uma conta pertence a pessoa menor de 18 anos, ela será desativada e os dados correspondentes serão eliminados.",
        },
        {
          kind: "p",
          text: "Podemos atualizar esta política para refletir mudanças no serviço, na legislação ou nas orientações da ANPD. A data da última atualização aparece no início deste documento. Alterações relevantes serão comunicadas com antecedência, pela plataforma ou por e-mail, com destaque para o que mudou. Se a alteração envolver dados tratados com base no seu consentimento, você poderá revogá-lo caso discorde dela (art. 8º, § 6º, e art. 9º, § 2º, da LGPD).",
        },
        {
          kind: "p",
          text: `Dúvidas sobre esta política ou sobre o tratamento dos seus dados: ${dpoEmail} (encarregado). Outros assuntos: contato@sereno.com.br. Sereno Tecnologia em Bem-Estar Ltda., São Paulo/SP.`,
        },
      ],
    },
  ],
} satisfies LegalText;
