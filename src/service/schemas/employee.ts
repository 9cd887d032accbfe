import { z } from "zod";
import { id, record } from "./common.ts";

export const employee = record({ id, name: z.string().optional() });
export type Employee = z.output<typeof employee>;
