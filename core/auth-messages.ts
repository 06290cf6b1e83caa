/** Entrar, sair, recuperar a senha and the password rule (spec 5 and 8), shared by server and web. */

export const authMessages = {
  // Login and session (spec 5 and 8)
  passwordRequired: "A senha é obrigatória",
  invalidCredentials: "E-mail ou senha incorretos. Por favor, verifique suas credenciais.",
  emailNotConfirmed: "Por favor, confirme seu e-mail através do link enviado para sua caixa de entrada.",
  loginFailed: "Ocorreu um erro ao fazer login. Por favor, tente novamente.",
  googleFailed: "Erro ao fazer login com o Google",
  googleNotConfigured: "O login com o Google não está configurado neste ambiente. Entre com seu e-mail e senha.",
  googleNoAccount:
    "Não encontramos uma conta Sereno para este e-mail do Google. O acesso é feito por convite da sua empresa.",
  signInLinkSent:
    "Se houver uma conta com este e-mail, enviamos um link de acesso. Ele vale por 15 minutos e só pode ser usado uma vez.",
  signInLinkFailed: "Não foi possível enviar o link de acesso. Tente novamente em instantes.",
  signInLinkInvalid: "Este link de acesso é inválido, já foi usado ou expirou. Peça um novo na página de login.",
  accessEnded:
    "Seu acesso ao Sereno foi encerrado porque sua conta não está mais ligada a uma empresa. Se receber um novo convite, ela volta a funcionar; para pedir seus dados ou a exclusão da conta, escreva ao encarregado de dados (veja /privacidade).",

  // Recovery
  recoveryEmailInvalid: "Por favor, insira um e-mail válido",
  recoveryFailed: "Erro ao enviar e-mail de recuperação. Por favor, tente novamente.",
  recoverySent:
    "Se houver uma conta com este e-mail, enviamos um link para você criar uma nova senha. Confira sua caixa de entrada.",
  resetTokenInvalid: "Este link de recuperação é inválido ou expirou. Peça um novo link na página de login.",
  resetSuccess: "Senha redefinida com sucesso! Você já pode entrar com a nova senha.",

  // Passwords (docs/design.md: at least 8 and not a common one)
  passwordTooShort: "A senha deve ter pelo menos 8 caracteres",
  passwordTooLong: "A senha deve ter no máximo 128 caracteres",
  passwordTooCommon: "Essa senha é muito comum. Escolha uma senha mais difícil de adivinhar.",
  passwordsDontMatch: "As senhas não coincidem",
  confirmationRequired: "Confirme a senha",
} as const;
