import type { CatalogueEntry } from '../catalogue-entry.ts';

/** The auth module's refusals: status and sentence in each language, by code. */
export const AUTH_ERRORS = {
  token_field_required: { status: 422, en: 'The token field is required.', es: 'El campo token es obligatorio.' },
  ssn_last4_field_required: {
    status: 422,
    en: 'The last 4 digits of the SSN field is required.',
    es: 'El campo últimos 4 dígitos del SSN es obligatorio.',
  },
  enter_last_4_digits_ssn: {
    status: 422,
    en: 'Enter the last 4 digits of the SSN.',
    es: 'Ingrese los últimos 4 dígitos del SSN.',
  },
  session_expired_due_inactivity: {
    status: 401,
    en: 'Your session has expired due to inactivity',
    es: 'Su sesión ha expirado por inactividad',
  },
  step_up_last_try: {
    status: 422,
    en: 'One more wrong proof ends this session and blocks your user from this address for 24 hours.',
    es: 'Una prueba incorrecta más termina esta sesión y bloquea su usuario desde esta dirección durante 24 horas.',
  },
  step_up_blocked: {
    status: 401,
    en: 'Too many wrong proofs: this session has ended and your user is blocked from this address for 24 hours. Use your user code or password link to unblock it.',
    es: 'Demasiadas pruebas incorrectas: esta sesión terminó y su usuario está bloqueado desde esta dirección durante 24 horas. Use su código de usuario o el enlace de contraseña para desbloquearlo.',
  },
  session_expired_sign_again: {
    status: 401,
    en: 'Your session has expired. Sign in again.',
    es: 'Su sesión ha expirado. Inicie sesión de nuevo.',
  },
  access_application_been_restricted_contact_support: {
    status: 403,
    en: 'Access to the application has been restricted. contact support.',
    es: 'El acceso a la aplicación ha sido restringido. Contacte a soporte.',
  },
  user_been_blocked_enter_user_code: {
    status: 401,
    en: 'Your user has been blocked. Enter your user code or try again in 24 hours.',
    es: 'Su usuario ha sido bloqueado. Ingrese su código de usuario o inténtelo de nuevo en 24 horas.',
  },
  entered_bad_credentials_3_times_if: {
    status: 429,
    en: 'You have entered bad credentials 3 times. If you enter bad credentials again your user will be blocked for security.',
    es: 'Ha ingresado credenciales incorrectas 3 veces. Si vuelve a ingresar credenciales incorrectas su usuario será bloqueado por seguridad.',
  },
  bad_credentials: { status: 401, en: 'Bad Credentials', es: 'Credenciales incorrectas' },
  too_many_failed_sign_ins_from: {
    status: 429,
    en: 'Too many failed sign-ins from this address. Please wait before trying again.',
    es: 'Demasiados inicios de sesión fallidos desde esta dirección. Espere antes de volver a intentarlo.',
  },
  user_inactive_more_information_contact_administrator: {
    status: 401,
    en: 'Your user is inactive, for more information contact the administrator.',
    es: 'Su usuario está inactivo; para más información contacte al administrador.',
  },
  not_allowed_access_application: {
    status: 401,
    en: 'You are not allowed to access this application',
    es: 'No tiene permitido acceder a esta aplicación',
  },
  trying_access_from_new_device_enter: {
    status: 403,
    en: 'You are trying to access from a new device. Enter the code sent to your email.',
    es: 'Está intentando acceder desde un dispositivo nuevo. Ingrese el código enviado a su correo electrónico.',
  },
  email_field_required: {
    status: 422,
    en: 'The email field is required.',
    es: 'El campo correo electrónico es obligatorio.',
  },
  reset_token_invalid: {
    status: 422,
    en: 'This password link is not valid or has already been used. Ask for a new one.',
    es: 'Este enlace de contraseña no es válido o ya se usó. Solicite uno nuevo.',
  },
  reset_token_expired: {
    status: 422,
    en: 'This password link has expired. Ask for a new one.',
    es: 'Este enlace de contraseña ha expirado. Solicite uno nuevo.',
  },
  mfa_enrolment_required: {
    status: 403,
    en: 'Your role requires two-step sign-in: set up an authenticator app to continue.',
    es: 'Su rol requiere el inicio de sesión en dos pasos: configure una aplicación de autenticación para continuar.',
  },
  mfa_required_by_role: {
    status: 422,
    en: 'Your role requires two-step sign-in: it cannot be turned off.',
    es: 'Su rol requiere el inicio de sesión en dos pasos: no se puede desactivar.',
  },
  mfa_always_required_for_role: {
    status: 422,
    en: 'Super Users and managers always sign in in two steps.',
    es: 'Los superusuarios y los gerentes siempre inician sesión en dos pasos.',
  },
  outside_login_hours: {
    status: 403,
    en: 'Your role allows signing in only {hours}.',
    es: 'Su rol permite iniciar sesión solo: {hours}.',
  },
  login_hours_ended: {
    status: 401,
    en: "Your role's sign-in hours are over ({hours}): you were signed out.",
    es: 'Terminó el horario de inicio de sesión de su rol ({hours}): se cerró su sesión.',
  },
  login_hours_days: {
    status: 422,
    en: 'Choose at least one day of the week.',
    es: 'Elija al menos un día de la semana.',
  },
  login_hours_time: {
    status: 422,
    en: 'Enter a time of day as HH:MM (00:00 to 24:00).',
    es: 'Ingrese una hora del día como HH:MM (00:00 a 24:00).',
  },
  login_hours_same_times: {
    status: 422,
    en: 'The hours must end at another time than they start.',
    es: 'El horario debe terminar a otra hora distinta de la de inicio.',
  },
  login_hours_time_zone: {
    status: 422,
    en: 'Choose a time zone from the list (such as America/New_York).',
    es: 'Elija una zona horaria de la lista (como America/New_York).',
  },
  login_hours_not_for_super_user: {
    status: 422,
    en: "Super Users may sign in at any time: the platform's administrators cannot be locked out by hours.",
    es: 'Los superusuarios pueden iniciar sesión a cualquier hora: los administradores de la plataforma no se pueden bloquear por horario.',
  },
  passkey_answer_object: {
    status: 422,
    en: "The passkey's answer must be the browser's credential object.",
    es: 'La respuesta de la llave de acceso debe ser el objeto de credencial del navegador.',
  },
  passkey_wrong_at_step_up: {
    status: 422,
    en: 'The passkey was not accepted. Try it again.',
    es: 'La llave de acceso no fue aceptada. Inténtelo de nuevo.',
  },
  passkey_name: {
    status: 422,
    en: 'Name the passkey (at most 60 characters), such as the device it is on.',
    es: 'Dé un nombre a la llave de acceso (60 caracteres como máximo), como el dispositivo en el que está.',
  },
  passkey_challenge_expired: {
    status: 422,
    en: 'The passkey took too long to answer. Start again.',
    es: 'La llave de acceso tardó demasiado en responder. Vuelva a empezar.',
  },
  passkey_not_verified: {
    status: 422,
    en: 'The passkey could not be checked for this site. Start again, on this address.',
    es: 'No se pudo comprobar la llave de acceso para este sitio. Vuelva a empezar, en esta dirección.',
  },
  passkey_already_added: {
    status: 409,
    en: 'This passkey is already added.',
    es: 'Esta llave de acceso ya está agregada.',
  },
  passkey_wrong_at_sign_in: {
    status: 403,
    en: 'The passkey was not accepted. Try it again, or enter a code from your authenticator app or a recovery code.',
    es: 'La llave de acceso no fue aceptada. Inténtelo de nuevo, o ingrese un código de su aplicación de autenticación o un código de recuperación.',
  },
  mfa_code_required: {
    status: 403,
    en: 'Enter the 6-digit code your authenticator app shows, or one of your recovery codes.',
    es: 'Ingrese el código de 6 dígitos que muestra su aplicación de autenticación, o uno de sus códigos de recuperación.',
  },
  mfa_code_wrong_at_sign_in: {
    status: 403,
    en: 'The code is not right, or was already used. Enter the code your authenticator app shows now.',
    es: 'El código no es correcto o ya se usó. Ingrese el código que muestra ahora su aplicación de autenticación.',
  },
  mfa_code_just_used: {
    status: 403,
    en: 'This code was just used, and a code is good once. Wait for the next code your authenticator app shows (a new one every 30 seconds).',
    es: 'Este código se acaba de usar, y un código sirve una sola vez. Espere el siguiente código que muestre su aplicación de autenticación (uno nuevo cada 30 segundos).',
  },
  step_up_required: {
    status: 403,
    en: 'Confirm it is you to go on: this is a sensitive action.',
    es: 'Confirme que es usted para continuar: es una acción delicada.',
  },
  password_wrong: {
    status: 422,
    en: 'The password is not right.',
    es: 'La contraseña no es correcta.',
  },
  mfa_code_wrong: {
    status: 422,
    en: 'The code is not right, or was already used. Enter the code your authenticator app shows now.',
    es: 'El código no es correcto o ya se usó. Ingrese el código que muestra ahora su aplicación de autenticación.',
  },
  mfa_already_on: {
    status: 409,
    en: 'Two-step sign-in is already on. Turn it off first to set up another authenticator.',
    es: 'El inicio de sesión en dos pasos ya está activado. Desactívelo primero para configurar otro autenticador.',
  },
  mfa_not_started: {
    status: 422,
    en: 'Set up the authenticator first: scan the code, then enter the code it shows.',
    es: 'Configure primero el autenticador: escanee el código y luego ingrese el código que muestra.',
  },
  device_code_wrong: {
    status: 403,
    en: 'The validation code is incorrect. Please check and enter again.',
    es: 'El código de validación es incorrecto. Verifíquelo e ingréselo de nuevo.',
  },
  device_code_expired: {
    status: 403,
    en: 'The validation code has expired. request a new code.',
    es: 'El código de validación ha expirado. Solicite un código nuevo.',
  },
  password_field_required: {
    status: 422,
    en: 'The password field is required.',
    es: 'El campo contraseña es obligatorio.',
  },
  code_must_be_text: { status: 422, en: 'The code must be text.', es: 'El código debe ser texto.' },
} satisfies Record<string, CatalogueEntry>;
