/** zod's default messages in pt-BR, for every schema that does not set its own. Import once per process. */
import { z } from "zod";

z.config(z.locales.ptBR());
