export type { DemandRegisterProps, RegistrantProps, SearchForm, ZoneChoice, RegistrantDemand } from '../../../gen/pages'
