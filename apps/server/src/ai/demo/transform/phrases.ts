/**
 * The demo writer's Spanish–English tables for marketing copy: phrases first (matched before single
 * words), then nouns and adjectives (so that "zapatillas ligeras" becomes "light sneakers"), then
 * every other word. One line each, "spanish|english"; the first line of an English term wins when
 * translating back.
 */
const lines = (table: string) =>
  table
    .trim()
    .split('\n')
    .map((line) => line.split('|').map((part) => part.trim()) as [string, string]);

export const phrases = lines(`
por favor|please
muchas gracias|thank you very much
gracias|thank you
sin embargo|however
por eso|that is why
además de|as well as
a través de|through
a partir de|from
hoy mismo|today
ahora mismo|right now
cada día|every day
todos los días|every day
al mes|a month
al año|a year
por fin|at last
sin compromiso|no strings attached
sin coste|at no cost
envío gratis|free shipping
envío gratuito|free shipping
prueba gratis|free trial
prueba gratuita|free trial
oferta especial|special offer
oferta limitada|limited offer
tiempo limitado|limited time
por tiempo limitado|for a limited time
última oportunidad|last chance
más vendido|best seller
lo mejor de|the best of
lo que|what
lo que necesitas|what you need
a tu medida|tailored to you
en tu bandeja de entrada|in your inbox
atención al cliente|customer service
servicio al cliente|customer service
redes sociales|social media
correo electrónico|email
sitio web|website
página web|website
descubre más|find out more
más información|more information
compra ya|buy now
compra ahora|buy now
empieza hoy|start today
únete a|join
únete|join
no te lo pierdas|don't miss it
no pierdas|don't miss
te esperamos|we are waiting for you
hasta pronto|see you soon
a tu alcance|within your reach
en un solo lugar|in one place
sin complicaciones|hassle-free
con un solo clic|with a single click
en minutos|in minutes
en segundos|in seconds
paso a paso|step by step
de verdad|really
hay que|you have to
tienes que|you have to
puedes|you can
puedes ser|you can be
te ayudamos a|we help you
te ayuda a|helps you
nos encanta|we love
te encantará|you will love
te va a encantar|you are going to love
es hora de|it is time to
está hecho para|is made for
están hechas para|are made for
está diseñado para|is designed for
más que nunca|more than ever
como nunca|like never before
`);

export const nouns = lines(`
zapatilla|sneaker
zapato|shoe
camiseta|t-shirt
ropa|clothing
producto|product
servicio|service
cliente|customer
empresa|company
negocio|business
equipo|team
marca|brand
precio|price
oferta|offer
descuento|discount
regalo|gift
pedido|order
compra|purchase
tienda|store
envío|shipping
entrega|delivery
calidad|quality
diseño|design
experiencia|experience
resultado|result
solución|solution
herramienta|tool
idea|idea
proyecto|project
día|day
semana|week
mes|month
año|year
tiempo|time
vida|life
mundo|world
casa|home
ciudad|city
familia|family
amigo|friend
persona|person
gente|people
trabajo|work
café|coffee
comida|food
viaje|trip
verano|summer
invierno|winter
primavera|spring
otoño|autumn
mañana|morning
noche|night
momento|moment
paso|step
forma|way
manera|way
ventaja|advantage
beneficio|benefit
energía|energy
salud|health
belleza|beauty
piel|skin
deporte|sport
carrera|run
corredor|runner
kilómetro|kilometre
tecnología|technology
aplicación|app
plataforma|platform
contenido|content
correo|mail
mensaje|message
noticia|news
información|information
pregunta|question
respuesta|answer
ayuda|help
garantía|guarantee
suscripción|subscription
plan|plan
novedad|novelty
colección|collection
temporada|season
estilo|style
color|colour
tamaño|size
hogar|home
cocina|kitchen
receta|recipe
sabor|flavour
ingrediente|ingredient
naturaleza|nature
planeta|planet
futuro|future
comunidad|community
éxito|success
confianza|trust
libertad|freedom
comodidad|comfort
sostenibilidad|sustainability
`);

export const adjectives = lines(`
nuevo|new
nueva|new
mejor|best
ligero|light
ligera|light
rápido|fast
rápida|fast
fácil|easy
sencillo|simple
sencilla|simple
gratis|free
gratuito|free
gratuita|free
único|unique
única|unique
perfecto|perfect
perfecta|perfect
ideal|ideal
cómodo|comfortable
cómoda|comfortable
natural|natural
sostenible|sustainable
ecológico|eco-friendly
ecológica|eco-friendly
exclusivo|exclusive
exclusiva|exclusive
especial|special
premium|premium
profesional|professional
moderno|modern
moderna|modern
clásico|classic
clásica|classic
fresco|fresh
fresca|fresh
delicioso|delicious
deliciosa|delicious
increíble|amazing
fantástico|fantastic
fantástica|fantastic
potente|powerful
seguro|safe
segura|safe
inteligente|smart
práctico|practical
práctica|practical
útil|useful
grande|big
pequeño|small
pequeña|small
largo|long
larga|long
corto|short
corta|short
diario|daily
diaria|daily
local|local
artesanal|handmade
auténtico|authentic
auténtica|authentic
limitado|limited
limitada|limited
disponible|available
favorito|favourite
favorita|favourite
resistente|durable
elegante|elegant
máximo|maximum
máxima|maximum
total|total
`);

export const words = lines(`
el|the
la|the
los|the
las|the
un|a
una|a
unos|some
unas|some
y|and
o|or
pero|but
porque|because
que|that
de|of
del|of the
al|to the
en|in
en|on
con|with
sin|without
para|for
por|for
sobre|about
entre|between
desde|from
hasta|until
a|to
tu|your
tus|your
su|its
sus|their
nuestro|our
nuestra|our
nuestros|our
nuestras|our
mi|my
mis|my
te|you
tú|you
usted|you
nosotros|we
nos|us
ellos|they
este|this
esta|this
estos|these
estas|these
ese|that
esa|that
todo|all
todos|everyone
cada|every
más|more
menos|less
muy|very
mucho|a lot
muchos|many
muchas|many
también|also
ya|already
hoy|today
ahora|now
siempre|always
nunca|never
aquí|here
pronto|soon
cuando|when
donde|where
como|like
qué|what
sí|yes
no|no
es|is
son|are
está|is
están|are
ser|be
estar|be
hay|there is
tiene|has
tienes|you have
tenemos|we have
hace|makes
hacemos|we make
haz|make
puede|can
podemos|we can
quieres|you want
necesitas|you need
descubre|discover
prueba|try
pruébalo|try it
compra|buy
elige|choose
disfruta|enjoy
consigue|get
ahorra|save
reserva|book
correr|running
corre|run
corren|run
vive|live
siente|feel
crea|create
creamos|we create
ofrecemos|we offer
cuidamos|we care for
llega|arrives
llegan|arrive
empieza|start
comienza|begin
aprende|learn
mejora|improve
encuentra|find
ven|come
visita|visit
sigue|follow
comparte|share
lleva|take
hecho|made
hechas|made
hechos|made
diseñado|designed
pensado|designed
lejos|far
cerca|near
bien|well
juntos|together
realmente|really
verdaderamente|truly
además|besides
`);
