/**
 * The officially assigned ISO 3166-1 alpha-2 codes, plus XK (Kosovo, user-assigned but in wide use),
 * in alphabetical order. Written by first letter, each group that letter and every second letter it
 * takes (`A:DE` is AD, AE): a third of the bytes of the codes one by one.
 */
export const COUNTRY_CODE_LIST: readonly string[] = (
  'A:DEFGILMOQRSTUWXZ B:ABDEFGHIJLMNOQRSTVWYZ C:ACDFGHIKLMNORUVWXYZ D:EJKMOZ E:CEGHRST F:IJKMOR ' +
  'G:ABDEFGHILMNPQRSTUWY H:KMNRTU I:DELMNOQRST J:EMOP K:EGHIMNPRWYZ L:ABCIKRSTUVY ' +
  'M:ACDEFGHKLMNOPQRSTUVWXYZ N:ACEFGILOPRUZ O:M P:AEFGHKLMNRSTWY Q:A R:EOSUW S:ABCDEGHIJKLMNORSTVXYZ ' +
  'T:CDFGHJKLMNORTVWZ U:AGMSYZ V:ACEGINU W:FS X:K Y:ET Z:AMW'
)
  .split(' ')
  .flatMap((group) => [...group.slice(2)].map((second) => group[0] + second));
