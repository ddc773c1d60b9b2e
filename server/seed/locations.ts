/**
 * Location catalogue of the demo seed: the 32 states of Mexico with their INEGI ids; for four states (where the demo
 * collaborators live) a set of municipalities (INEGI municipality code, the c_mnpio of SEPOMEX) with some of their
 * neighbourhoods and postal codes, taken from the SEPOMEX catalogue; and for every other state its main
 * municipalities (STATE_MAIN_MUNICIPALITIES, from INEGI's Marco Geoestadístico). `npm run import:sepomex -- FILE` loads the full official catalogue over
 * it (same keys, so nothing is duplicated).
 */

export const MEXICAN_STATES: readonly { id: number; nombre: string }[] = [
  { id: 1, nombre: 'Aguascalientes' },
  { id: 2, nombre: 'Baja California' },
  { id: 3, nombre: 'Baja California Sur' },
  { id: 4, nombre: 'Campeche' },
  { id: 5, nombre: 'Coahuila de Zaragoza' },
  { id: 6, nombre: 'Colima' },
  { id: 7, nombre: 'Chiapas' },
  { id: 8, nombre: 'Chihuahua' },
  { id: 9, nombre: 'Ciudad de México' },
  { id: 10, nombre: 'Durango' },
  { id: 11, nombre: 'Guanajuato' },
  { id: 12, nombre: 'Guerrero' },
  { id: 13, nombre: 'Hidalgo' },
  { id: 14, nombre: 'Jalisco' },
  { id: 15, nombre: 'México' },
  { id: 16, nombre: 'Michoacán de Ocampo' },
  { id: 17, nombre: 'Morelos' },
  { id: 18, nombre: 'Nayarit' },
  { id: 19, nombre: 'Nuevo León' },
  { id: 20, nombre: 'Oaxaca' },
  { id: 21, nombre: 'Puebla' },
  { id: 22, nombre: 'Querétaro' },
  { id: 23, nombre: 'Quintana Roo' },
  { id: 24, nombre: 'San Luis Potosí' },
  { id: 25, nombre: 'Sinaloa' },
  { id: 26, nombre: 'Sonora' },
  { id: 27, nombre: 'Tabasco' },
  { id: 28, nombre: 'Tamaulipas' },
  { id: 29, nombre: 'Tlaxcala' },
  { id: 30, nombre: 'Veracruz de Ignacio de la Llave' },
  { id: 31, nombre: 'Yucatán' },
  { id: 32, nombre: 'Zacatecas' },
]

export interface SeedMunicipality {
  stateId: number
  /** INEGI / SEPOMEX municipality code within the state. */
  code: number
  nombre: string
  /** Telephone area code (lada) of the municipality's main city, for realistic phone numbers. */
  lada: string
  /** [neighbourhood, postal code] */
  colonias: readonly (readonly [string, string])[]
}

export const SEED_MUNICIPALITIES: readonly SeedMunicipality[] = [
  // Sinaloa (25)
  {
    stateId: 25, code: 6, nombre: 'Culiacán', lada: '667',
    colonias: [['Centro', '80000'], ['Villa Universidad', '80010'], ['Universitaria', '80013'], ['Humaya', '80020'], ['Tres Ríos', '80020'], ['Campestre Los Laureles', '80027'], ['Chapultepec', '80040'], ['Las Quintas', '80060']],
  },
  {
    stateId: 25, code: 12, nombre: 'Mazatlán', lada: '669',
    colonias: [['Centro', '82000'], ['Sábalo Country Club', '82100'], ['Marina Mazatlán', '82103'], ['Lomas de Mazatlán', '82110'], ['El Toreo', '82120'], ['Alameda', '82123'], ['Francisco Villa', '82127']],
  },
  {
    stateId: 25, code: 1, nombre: 'Ahome', lada: '668',
    colonias: [['Centro', '81200'], ['Francisco Villa', '81278'], ['Anáhuac', '81280'], ['Bienestar', '81280'], ['Parque Sinaloa', '81289'], ['Burócrata', '81290'], ['Ahome Centro', '81315']],
  },
  { stateId: 25, code: 11, nombre: 'Guasave', lada: '687', colonias: [['Centro', '81000']] },
  { stateId: 25, code: 18, nombre: 'Navolato', lada: '672', colonias: [['Centro', '80370']] },
  { stateId: 25, code: 15, nombre: 'Salvador Alvarado', lada: '673', colonias: [['Centro', '81400']] },
  { stateId: 25, code: 2, nombre: 'Angostura', lada: '697', colonias: [['Centro', '81600']] },
  { stateId: 25, code: 7, nombre: 'Choix', lada: '698', colonias: [['Centro', '81700']] },
  { stateId: 25, code: 10, nombre: 'El Fuerte', lada: '698', colonias: [['Centro', '81820']] },
  { stateId: 25, code: 13, nombre: 'Mocorito', lada: '673', colonias: [['Centro', '80800']] },
  { stateId: 25, code: 9, nombre: 'Escuinapa', lada: '695', colonias: [['Centro', '82400']] },
  { stateId: 25, code: 4, nombre: 'Concordia', lada: '694', colonias: [['Centro', '82600']] },
  { stateId: 25, code: 14, nombre: 'Rosario', lada: '694', colonias: [['Centro', '82800']] },
  // Ciudad de México (9)
  {
    stateId: 9, code: 15, nombre: 'Cuauhtémoc', lada: '55',
    colonias: [['Centro', '06000'], ['Hipódromo', '06100'], ['Condesa', '06140'], ['Santa María la Ribera', '06400'], ['Juárez', '06600'], ['Roma Norte', '06700'], ['Doctores', '06720']],
  },
  {
    stateId: 9, code: 14, nombre: 'Benito Juárez', lada: '55',
    colonias: [['Narvarte Poniente', '03020'], ['Del Valle Centro', '03100'], ['Portales Sur', '03300'], ['Álamos', '03400'], ['Nápoles', '03810'], ['Mixcoac', '03910']],
  },
  {
    stateId: 9, code: 16, nombre: 'Miguel Hidalgo', lada: '55',
    colonias: [['Lomas de Chapultepec I Sección', '11000'], ['Tacuba', '11410'], ['Granada', '11520'], ['Polanco V Sección', '11560'], ['Anzures', '11590'], ['Escandón I Sección', '11800']],
  },
  {
    stateId: 9, code: 3, nombre: 'Coyoacán', lada: '55',
    colonias: [['Villa Coyoacán', '04000'], ['Del Carmen', '04100'], ['Campestre Churubusco', '04200'], ['Copilco Universidad', '04360'], ['Ciudad Universitaria', '04510']],
  },
  {
    stateId: 9, code: 10, nombre: 'Álvaro Obregón', lada: '55',
    colonias: [['San Ángel', '01000'], ['Los Alpes', '01010'], ['Guadalupe Inn', '01020'], ['Florida', '01030'], ['Tizapán', '01090']],
  },
  {
    stateId: 9, code: 12, nombre: 'Tlalpan', lada: '55',
    colonias: [['Tlalpan Centro I', '14000'], ['Isidro Fabela', '14030'], ['Toriello Guerra', '14050'], ['Héroes de Padierna', '14200']],
  },
  {
    stateId: 9, code: 7, nombre: 'Iztapalapa', lada: '55',
    colonias: [['Unidad Vicente Guerrero', '09200'], ['Constitución de 1917', '09260'], ['Santa Cruz Meyehualco', '09290'], ['Granjas Esmeralda', '09810']],
  },
  {
    stateId: 9, code: 5, nombre: 'Gustavo A. Madero', lada: '55',
    colonias: [['Lindavista Norte', '07300'], ['Industrial', '07800'], ['Guadalupe Tepeyac', '07840'], ['Vallejo', '07870']],
  },
  {
    stateId: 9, code: 2, nombre: 'Azcapotzalco', lada: '55',
    colonias: [['Azcapotzalco Centro', '02000'], ['Santo Tomás', '02020'], ['Clavería', '02080'], ['Nueva Santa María', '02800']],
  },
  {
    stateId: 9, code: 6, nombre: 'Iztacalco', lada: '55',
    colonias: [['Viaducto Piedad', '08200'], ['Granjas México', '08400'], ['Agrícola Oriental', '08500']],
  },
  {
    stateId: 9, code: 17, nombre: 'Venustiano Carranza', lada: '55',
    colonias: [['Morelos', '15270'], ['Moctezuma 2a Sección', '15530'], ['Jardín Balbuena', '15900']],
  },
  // Jalisco (14)
  {
    stateId: 14, code: 39, nombre: 'Guadalajara', lada: '33',
    colonias: [['Centro', '44100'], ['Americana', '44160'], ['Moderna', '44190'], ['Chapalita', '44500'], ['Jardines del Bosque', '44520'], ['Ladrón de Guevara', '44600'], ['Providencia 1a. Sección', '44630'], ['Oblatos', '44700']],
  },
  {
    stateId: 14, code: 120, nombre: 'Zapopan', lada: '33',
    colonias: [['Ciudad Granja', '45010'], ['Ciudad del Sol', '45050'], ['Zapopan Centro', '45100'], ['Jardines Universidad', '45110'], ['Puerta de Hierro', '45116'], ['Arcos de Zapopan', '45130']],
  },
  {
    stateId: 14, code: 98, nombre: 'San Pedro Tlaquepaque', lada: '33',
    colonias: [['San Pedro Tlaquepaque Centro', '45500'], ['Revolución', '45580'], ['Las Juntas', '45590']],
  },
  { stateId: 14, code: 101, nombre: 'Tonalá', lada: '33', colonias: [['Tonalá Centro', '45400']] },
  { stateId: 14, code: 97, nombre: 'Tlajomulco de Zúñiga', lada: '33', colonias: [['Tlajomulco Centro', '45640']] },
  { stateId: 14, code: 70, nombre: 'El Salto', lada: '33', colonias: [['El Salto Centro', '45680']] },
  {
    stateId: 14, code: 67, nombre: 'Puerto Vallarta', lada: '322',
    colonias: [['Centro', '48300'], ['Versalles', '48310'], ['Marina Vallarta', '48335'], ['Emiliano Zapata', '48380']],
  },
  { stateId: 14, code: 93, nombre: 'Tepatitlán de Morelos', lada: '378', colonias: [['Tepatitlán de Morelos Centro', '47600']] },
  { stateId: 14, code: 53, nombre: 'Lagos de Moreno', lada: '474', colonias: [['Lagos de Moreno Centro', '47400']] },
  { stateId: 14, code: 63, nombre: 'Ocotlán', lada: '392', colonias: [['Ocotlán Centro', '47800']] },
  { stateId: 14, code: 23, nombre: 'Zapotlán el Grande', lada: '341', colonias: [['Ciudad Guzmán Centro', '49000']] },
  { stateId: 14, code: 30, nombre: 'Chapala', lada: '376', colonias: [['Chapala Centro', '45900'], ['Ajijic Centro', '45920']] },
  // Nuevo León (19)
  {
    stateId: 19, code: 39, nombre: 'Monterrey', lada: '81',
    colonias: [['Centro', '64000'], ['Obispado', '64060'], ['Mitras Centro', '64460'], ['Cumbres 1er. Sector', '64610'], ['Vista Hermosa', '64620'], ['Tecnológico', '64700'], ['Contry', '64860']],
  },
  {
    stateId: 19, code: 19, nombre: 'San Pedro Garza García', lada: '81',
    colonias: [['Centro', '66200'], ['Del Valle', '66220'], ['Fuentes del Valle', '66220'], ['Residencial San Agustín', '66260'], ['Valle Oriente', '66269']],
  },
  {
    stateId: 19, code: 46, nombre: 'San Nicolás de los Garza', lada: '81',
    colonias: [['Centro', '66400'], ['Anáhuac', '66450'], ['Las Puentes 1er. Sector', '66460']],
  },
  {
    stateId: 19, code: 26, nombre: 'Guadalupe', lada: '81',
    colonias: [['Centro', '67100'], ['Linda Vista', '67130'], ['Contry La Silla', '67173']],
  },
  { stateId: 19, code: 6, nombre: 'Apodaca', lada: '81', colonias: [['Centro', '66600']] },
  { stateId: 19, code: 21, nombre: 'General Escobedo', lada: '81', colonias: [['Centro', '66050']] },
  { stateId: 19, code: 48, nombre: 'Santa Catarina', lada: '81', colonias: [['Centro', '66350']] },
  { stateId: 19, code: 18, nombre: 'García', lada: '81', colonias: [['Centro', '66000']] },
  { stateId: 19, code: 31, nombre: 'Juárez', lada: '81', colonias: [['Centro', '67250']] },
  { stateId: 19, code: 49, nombre: 'Santiago', lada: '81', colonias: [['Centro', '67300']] },
  { stateId: 19, code: 38, nombre: 'Montemorelos', lada: '826', colonias: [['Centro', '67500']] },
  { stateId: 19, code: 33, nombre: 'Linares', lada: '821', colonias: [['Centro', '67700']] },
]

/**
 * The main municipalities of the 28 states the list above leaves out, so that a claim can be filed for anyone in
 * the country (the new-claim form asks for a state and a city). Names and municipality codes (CVE_MUN, the same
 * c_mnpio as SEPOMEX) follow INEGI's Marco Geoestadístico; they were written from that catalogue as we know it,
 * without downloading it (the seed runs offline), and are limited to each state's capital and largest cities.
 * They carry no neighbourhoods: `npm run import:sepomex -- FILE` loads the official catalogue over them, with
 * every municipality, neighbourhood and postal code (same keys, so nothing is duplicated).
 */
export const STATE_MAIN_MUNICIPALITIES: readonly { stateId: number; code: number; nombre: string }[] = [
  ...inState(1, [[1, 'Aguascalientes'], [5, 'Jesús María'], [11, 'San Francisco de los Romo'], [3, 'Calvillo'], [7, 'Rincón de Romos'], [6, 'Pabellón de Arteaga']]),
  ...inState(2, [[4, 'Tijuana'], [2, 'Mexicali'], [1, 'Ensenada'], [3, 'Tecate'], [5, 'Playas de Rosarito']]),
  ...inState(3, [[3, 'La Paz'], [8, 'Los Cabos'], [1, 'Comondú'], [2, 'Mulegé'], [9, 'Loreto']]),
  ...inState(4, [[2, 'Campeche'], [3, 'Carmen'], [4, 'Champotón'], [9, 'Escárcega'], [1, 'Calkiní']]),
  ...inState(5, [[30, 'Saltillo'], [35, 'Torreón'], [18, 'Monclova'], [25, 'Piedras Negras'], [2, 'Acuña'], [27, 'Ramos Arizpe'], [10, 'Frontera'], [28, 'Sabinas'], [33, 'San Pedro'], [24, 'Parras']]),
  ...inState(6, [[2, 'Colima'], [7, 'Manzanillo'], [9, 'Tecomán'], [10, 'Villa de Álvarez'], [1, 'Armería']]),
  ...inState(7, [[101, 'Tuxtla Gutiérrez'], [89, 'Tapachula'], [78, 'San Cristóbal de las Casas'], [19, 'Comitán de Domínguez'], [65, 'Palenque'], [27, 'Chiapa de Corzo'], [97, 'Tonalá'], [108, 'Villaflores']]),
  ...inState(8, [[37, 'Juárez'], [19, 'Chihuahua'], [17, 'Cuauhtémoc'], [21, 'Delicias'], [32, 'Hidalgo del Parral'], [50, 'Nuevo Casas Grandes'], [11, 'Camargo']]),
  ...inState(10, [[5, 'Durango'], [7, 'Gómez Palacio'], [12, 'Lerdo'], [32, 'Santiago Papasquiaro'], [1, 'Canatlán']]),
  ...inState(11, [[20, 'León'], [17, 'Irapuato'], [7, 'Celaya'], [27, 'Salamanca'], [15, 'Guanajuato'], [37, 'Silao de la Victoria'], [3, 'San Miguel de Allende'], [14, 'Dolores Hidalgo Cuna de la Independencia Nacional'], [2, 'Acámbaro']]),
  ...inState(12, [[1, 'Acapulco de Juárez'], [29, 'Chilpancingo de los Bravo'], [35, 'Iguala de la Independencia'], [38, 'Zihuatanejo de Azueta'], [55, 'Taxco de Alarcón'], [66, 'Tlapa de Comonfort']]),
  ...inState(13, [[48, 'Pachuca de Soto'], [51, 'Mineral de la Reforma'], [77, 'Tulancingo de Bravo'], [76, 'Tula de Allende'], [69, 'Tizayuca'], [30, 'Ixmiquilpan']]),
  ...inState(15, [[106, 'Toluca'], [33, 'Ecatepec de Morelos'], [58, 'Nezahualcóyotl'], [57, 'Naucalpan de Juárez'], [104, 'Tlalnepantla de Baz'], [31, 'Chimalhuacán'], [121, 'Cuautitlán Izcalli'], [13, 'Atizapán de Zaragoza'], [39, 'Ixtapaluca'], [54, 'Metepec'], [99, 'Texcoco']]),
  ...inState(16, [[53, 'Morelia'], [102, 'Uruapan'], [108, 'Zamora'], [6, 'Apatzingán'], [52, 'Lázaro Cárdenas'], [66, 'Pátzcuaro'], [112, 'Zitácuaro'], [69, 'La Piedad']]),
  ...inState(17, [[7, 'Cuernavaca'], [11, 'Jiutepec'], [6, 'Cuautla'], [18, 'Temixco'], [29, 'Yautepec'], [8, 'Emiliano Zapata']]),
  ...inState(18, [[17, 'Tepic'], [20, 'Bahía de Banderas'], [15, 'Santiago Ixcuintla'], [4, 'Compostela'], [8, 'Xalisco']]),
  ...inState(20, [[67, 'Oaxaca de Juárez'], [43, 'Heroica Ciudad de Juchitán de Zaragoza'], [184, 'San Juan Bautista Tuxtepec'], [39, 'Heroica Ciudad de Huajuapan de León'], [79, 'Salina Cruz'], [515, 'Santo Domingo Tehuantepec'], [385, 'Santa Cruz Xoxocotlán']]),
  ...inState(21, [[114, 'Puebla'], [156, 'Tehuacán'], [19, 'Atlixco'], [140, 'San Pedro Cholula'], [119, 'San Andrés Cholula'], [174, 'Teziutlán'], [85, 'Izúcar de Matamoros']]),
  ...inState(22, [[14, 'Querétaro'], [16, 'San Juan del Río'], [6, 'Corregidora'], [11, 'El Marqués'], [17, 'Tequisquiapan'], [4, 'Cadereyta de Montes']]),
  ...inState(23, [[5, 'Benito Juárez'], [4, 'Othón P. Blanco'], [8, 'Solidaridad'], [1, 'Cozumel'], [2, 'Felipe Carrillo Puerto'], [9, 'Tulum'], [3, 'Isla Mujeres']]),
  ...inState(24, [[28, 'San Luis Potosí'], [35, 'Soledad de Graciano Sánchez'], [13, 'Ciudad Valles'], [24, 'Rioverde'], [20, 'Matehuala']]),
  ...inState(26, [[30, 'Hermosillo'], [18, 'Cajeme'], [43, 'Nogales'], [55, 'San Luis Río Colorado'], [42, 'Navojoa'], [29, 'Guaymas'], [17, 'Caborca'], [2, 'Agua Prieta']]),
  ...inState(27, [[4, 'Centro'], [2, 'Cárdenas'], [5, 'Comalcalco'], [8, 'Huimanguillo'], [12, 'Macuspana'], [13, 'Nacajuca'], [14, 'Paraíso'], [17, 'Tenosique']]),
  ...inState(28, [[32, 'Reynosa'], [22, 'Matamoros'], [27, 'Nuevo Laredo'], [41, 'Victoria'], [38, 'Tampico'], [9, 'Ciudad Madero'], [3, 'Altamira'], [21, 'El Mante']]),
  ...inState(29, [[33, 'Tlaxcala'], [5, 'Apizaco'], [13, 'Huamantla'], [10, 'Chiautempan'], [6, 'Calpulalpan']]),
  ...inState(30, [[193, 'Veracruz'], [87, 'Xalapa'], [28, 'Boca del Río'], [39, 'Coatzacoalcos'], [44, 'Córdoba'], [118, 'Orizaba'], [131, 'Poza Rica de Hidalgo'], [189, 'Tuxpan'], [108, 'Minatitlán'], [141, 'San Andrés Tuxtla']]),
  ...inState(31, [[50, 'Mérida'], [41, 'Kanasín'], [102, 'Valladolid'], [89, 'Tizimín'], [59, 'Progreso'], [101, 'Umán'], [96, 'Tekax']]),
  ...inState(32, [[56, 'Zacatecas'], [17, 'Guadalupe'], [10, 'Fresnillo'], [20, 'Jerez'], [39, 'Río Grande']]),
]

function inState(stateId: number, rows: readonly (readonly [number, string])[]) {
  return rows.map(([code, nombre]) => ({ stateId, code, nombre }))
}
