/** A field's state after a refusal: marked invalid and described by its message (id), or nothing. */
export const invalid = (error: string | undefined, id: string) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': id } : {}
