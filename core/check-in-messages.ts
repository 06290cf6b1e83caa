/** Check-ins (spec 5 and 8), made offline (docs/decisions/027) and their notes (015). */

export const checkInMessages = {
  // Check-ins (spec 5 and 8)
  moodRequired: "Escolha como você está se sentindo (de 1 a 5)",
  notesTooLong: "A anotação pode ter no máximo 2.000 caracteres",
  checkInFailed: "Erro ao realizar check-in",
  checkInSaved: "Check-in realizado! Você ganhou +50 XP.",
  energyInvalid: "Escolha a energia de 1 a 5, ou pule",
  stressInvalid: "Escolha o estresse de 1 a 5, ou pule",
  monthInvalid: "Mês inválido. Use o formato AAAA-MM.",

  // Offline check-ins (docs/decisions/027)
  checkInMadeAtInvalid:
    "Data e hora do check-in inválidas. Use o formato ISO 8601 com fuso (ex.: 2026-11-22T09:00:00-03:00).",
  offlineCheckInQueued: "Será enviado quando a conexão voltar",
  offlineCheckInSent: "Check-in feito sem conexão enviado.",
  checkInDayAlreadyDone: "Você já tinha um check-in nesse dia. O check-in feito sem conexão não foi registrado.",

  // Privacy and data rights (LGPD art. 18, docs/decisions/015)
  notesControlCharacters: "A anotação tem caracteres inválidos. Use apenas texto comum.",
  checkInNotesSaved: "Anotação salva",
  checkInNotesDeleted: "Anotação excluída",
} as const;
