import type { Messages } from './en.ts';

// Spanish. react-admin has no Spanish pack for version 5: these are ours.
export const es: Messages = {
  app: { name: 'Revenue Cycle', loading: 'Cargando…' },
  login: {
    title: 'Iniciar sesión', email: 'Correo electrónico', password: 'Contraseña', sign_in: 'Entrar', forgot_password: '¿Olvidó su contraseña?', forgot_user: '¿Olvidó su usuario?',
    code: 'Código enviado a su correo', code_help: 'Ingrese los 6 caracteres que le enviamos.', resend_code: 'Enviar un código nuevo', code_sent: 'Le enviamos un código nuevo.',
    back: 'Volver a iniciar sesión', send: 'Enviar', ssn_last4: 'Últimos 4 dígitos de su SSN', new_password: 'Contraseña nueva', confirm_password: 'Confirmar contraseña',
    set_password: 'Guardar contraseña', forgot_password_title: 'Recuperar contraseña', forgot_user_title: 'Recuperar usuario', new_password_title: 'Elija una contraseña nueva',
    email_invalid: 'Ingrese un correo válido.', required: 'Este campo es obligatorio.', ssn_last4_invalid: 'Ingrese exactamente 4 dígitos.',
    rules: { length: 'Al menos 8 caracteres', lower: '1 letra minúscula', upper: '1 letra mayúscula', digit: '1 número', special: '1 carácter especial', match: 'Ambas entradas coinciden' },
  },
  shell: {
    start: 'Inicio', all: 'Todas', search: 'Buscar', search_placeholder: 'Buscar (3 o más caracteres)', view_all: 'Ver todos los resultados', no_results: 'No se encontró nada',
    minimize: 'Minimizar', maximize: 'Maximizar', restore: 'Restaurar', close: 'Cerrar', pin_on_top: 'Mantener encima', unpin_on_top: 'Dejar de mantener encima',
    pin_taskbar: 'Anclar a la barra de tareas', unpin_taskbar: 'Desanclar de la barra de tareas', logout: 'Cerrar sesión', desktop: 'Escritorio', open_windows: 'Ventanas abiertas',
    uploads: 'Cargas', not_available: 'Este módulo llega con una próxima versión del producto.', shortcuts_title: 'Atajos de teclado',
    shortcut_cycle: 'Ventana siguiente', shortcut_cycle_back: 'Ventana anterior', shortcut_minimize: 'Minimizar la ventana activa', shortcut_close: 'Cerrar la ventana activa', shortcut_search: 'Buscar',
    notes_placeholder: 'Escriba una nota…', support_text: 'Escriba a support@yourbillingcompany.com o llame a su gerente de cuenta.', guidelines_text: 'Las guías y las restricciones por IP las administra su administrador.',
    categories: { 'Claims Process': 'Proceso de reclamos', Administration: 'Administración', 'Reports and statistics': 'Reportes y estadísticas', Tools: 'Herramientas', System: 'Sistema' },
  },
  idle: { title: 'Su sesión está por expirar', body: 'Ha estado inactivo. La sesión termina en %{seconds} segundos.', renew: 'Seguir conectado', logout: 'Cerrar sesión' },
  toast: { something_went_wrong: 'Algo salió mal', try_again: 'Inténtelo más tarde', too_many: 'Ha realizado muchas solicitudes en poco tiempo, espere 10 segundos', saved: 'Guardado', created: 'Creado', status_changed: 'Estado cambiado', rolled_back: 'Restaurado a los datos anteriores', exported: 'Exportación lista', close: 'Cerrar' },
  list: {
    search: 'Buscar', filters: 'Filtros', clear_filters: 'Quitar filtros', create: 'Crear', export: 'Exportar', export_csv: 'CSV', export_xlsx: 'Excel (XLSX)', export_pdf: 'PDF',
    refresh: 'Actualizar', rows_per_page: 'Filas por página', displayed_rows: '%{from}–%{to} de %{count}', no_results: 'No se encontraron registros', total_all: 'Total (todas las coincidencias)', from: 'Desde', to: 'Hasta', yes: 'Sí', no: 'No', any: 'Cualquiera',
    confirm_status_title: 'Cambiar estado', confirm_disable: '¿Desactivar este registro?', confirm_enable: '¿Activar este registro?', confirm: 'Confirmar', cancel: 'Cancelar',
    range_invalid: 'La fecha desde no puede ser posterior a la fecha hasta.', actions: 'Acciones', status: 'Estado',
  },
  codesets: { import: 'Importar versión', hint: 'Una versión oficial se importa en segundo plano; la lista se completa a medida que llega. Importar dos veces la misma versión no cambia nada.', set: 'Conjunto de códigos', choose: 'Elija el archivo de %{set}', start: 'Importar', close: 'Cerrar', done: 'La versión se importó.',
    sets: { icd10cm: 'archivo de orden ICD-10-CM', hcpcs: 'libro HCPCS (ANWEB .xlsx)', taxonomy: 'taxonomía NUCC (.csv)', pos: 'lugar de servicio (.xml)', carc: 'lista CARC (.csv)', rarc: 'lista RARC (.csv)' } },
  jobs: { title: 'Trabajo en segundo plano', progress: 'Progreso', states: { queued: 'En espera', running: 'En curso', completed: 'Terminado', failed: 'Falló' }, kinds: { 'code-set-import': 'Importación de códigos', 'bundled-code-sets': 'Carga de los códigos' } },
  states: { current: 'Estado', move_to: 'Pasar a %{state}', note: 'Nota (opcional)', note_required: 'Nota (obligatoria para este cambio)', confirm: 'Cambiar estado', history: 'Historial de estados', system: 'Sistema' },
  record: {
    create_anyway: '¿Crear otro registro de todos modos?', section_to_fix: '%{smart_count} por corregir |||| %{smart_count} por corregir', main: 'General', sections: 'Secciones', edit: 'Editar', show: 'Ver', history: 'Historial', back: 'Volver a la lista', save: 'Guardar', cancel: 'Cancelar', rollback: 'Restaurar esto', rollback_confirm: '¿Restaurar el registro a los datos anteriores de esta entrada?',
    event: 'Evento', date: 'Fecha', user: 'Usuario', old: 'Anterior', new: 'Nuevo', no_history: 'Aún no hay historial', create_title: 'Nuevo: %{name}', edit_title: 'Editar: %{name}', fix_errors: 'Corrija los campos señalados.',
    events: { created: 'Creado', updated: 'Actualizado', deleted: 'Eliminado', status_changed: 'Estado cambiado', rolled_back: 'Restaurado', roles_changed: 'Roles cambiados', permissions_changed: 'Permisos cambiados', unlocked: 'Desbloqueado', password_changed: 'Contraseña cambiada', password_reset: 'Contraseña restablecida', sessions_ended: 'Sesiones cerradas', photo_changed: 'Foto cambiada' },
  },
  widgets: {
    code_enter: 'Ingrese un código', code_not_found: 'Código no encontrado', code_found: 'Código ingresado', date_placeholder: 'mm/dd/aaaa', date_invalid: 'Ingrese una fecha mm/dd/aaaa (o mes/día).',
    money_limit: 'El monto no puede ser mayor que 9,999,999.99.', choose: 'Elija…', loading: 'Cargando…',
  },
  enums: { Single: 'Soltero(a)', Married: 'Casado(a)', U: 'Desconocido', billing_company: 'Toda la compañía de facturación', user: 'Un usuario', role: 'Un rol', F: 'Femenino', M: 'Masculino', O: 'Otro', en: 'Inglés', es: 'Español', Other: 'Otro' },
  validation: {
    required: 'Este campo es obligatorio.', maxLength: 'Como máximo %{limit} caracteres.', minLength: 'Al menos %{limit} caracteres.', enum: 'Elija una de las opciones.',
    minimum: 'El mínimo permitido es %{limit}.', maximum: 'El máximo permitido es %{limit}.', minItems: 'Elija al menos %{limit}.', type: 'Este valor no es válido.', pattern: 'El formato no es válido.',
    format: { 'tax-id': 'Ingrese 10 caracteres como xx-xxxxxxx.', ein: 'Ingrese 9 números.', upin: 'Ingrese de 4 a 6 letras o dígitos.', naic: 'Ingrese 6 caracteres.', ndc: 'Ingrese el código de medicamento como XXXXX-XXXX-XX.', units: 'Como máximo 8 dígitos enteros y 3 decimales.', 'card-number': 'Ingrese los 16 dígitos de la tarjeta.', 'card-expiry': 'Ingrese el vencimiento como mm/aaaa.', website: 'Ingrese un sitio web válido.', state: 'Ingrese el código de estado de dos letras.', 'street-address': 'Aquí no se acepta un apartado postal (PO box).', email: 'Ingrese un correo válido.', phone: 'Ingrese 10 dígitos como xxx-xxx-xxxx.', ssn: 'Ingrese el SSN como xxx-xx-xxxx.', zip: 'Ingrese 5 o 9 dígitos.', npi: 'El NPI no existe', ip: 'Ingrese una dirección IP (IPv4 o IPv6).', 'us-date': 'Ingrese una fecha mm/dd/aaaa (o mes/día).', other: 'El formato no es válido.' },
  },
  notfound: { title: 'Página no encontrada', body: 'No hay nada en esta dirección.', home: 'Ir al inicio' },
  upload: { waiting: 'En espera', uploading: 'Cargando', uploaded: 'Cargado', error: 'Error', retry: 'Reintentar', empty: 'No hay cargas' },
  profile: {
    title: 'Perfil', photo: 'Foto', change_photo: 'Cambiar foto', password: 'Contraseña', current_password: 'Contraseña actual', change_password: 'Cambiar contraseña',
    social: 'Redes sociales', network: 'Red social', link: 'Enlace', add_network: 'Agregar red', settings: 'Configuración del escritorio', language: 'Idioma', nav_bar_position: 'Posición de la barra',
    dock: 'Dock', background: 'Fondo', dark_mode: 'Modo oscuro', save: 'Guardar', english: 'English', spanish: 'Español', bottom: 'Abajo (estilo Windows)', left: 'Izquierda (estilo macOS)', right: 'Derecha (estilo macOS)', top: 'Arriba (estilo macOS)',
    sessions: 'Sesiones abiertas', this_device: 'Este dispositivo', end_session: 'Cerrar',
  },
  roles: {
    title: 'Roles y permisos', roles: 'Roles', modules: 'Módulos', functionality: 'Funcionalidad', permission: 'Permiso', add_all: 'Conceder todos', remove_all: 'Quitar todos',
    confirm_add: '¿Conceder %{what} a %{role}?', confirm_remove: '¿Quitar %{what} de %{role}?', new_role: 'Rol nuevo', role_name: 'Nombre del rol', billing_company: 'Compañía de facturación',
  },
  users: { lookup_title: 'Busque primero a la persona', lookup_ssn: 'SSN', lookup_email: 'Correo electrónico', lookup: 'Buscar', exists: 'Ya existe un usuario con este correo electrónico', missing: 'El usuario no existe', continue_new: 'Crear un usuario nuevo', unlock: 'Desbloquear', end_sessions: 'Cerrar sesiones' },
  sections: { reasons: 'Motivos', rules: 'Reglas', copays: 'Copagos', 'contract fees': 'Tarifas de contrato', contacts: 'Contactos', statements: 'Estados de cuenta', exceptions: 'No procesar reclamos con', services: 'Servicios', rooms: 'Habitaciones', subscriber: 'Suscriptor', 'main data': 'Datos principales', considerations: 'Consideraciones', note: 'Nota', profile: 'Perfil', account: 'Cuenta', 'social networks': 'Redes sociales', contact: 'Contacto', address: 'Dirección', general: 'General', notes: 'Notas', patient: 'Paciente', addresses: 'Direcciones', injuries: 'Lesiones', guarantor: 'Garante', employer: 'Empleador', 'emergency contacts': 'Contactos de emergencia' },
  apps: {
    'Claims Management': 'Reclamos', 'Claim Rules Management': 'Reglas de reclamos', 'Payments Management': 'Pagos', 'Patient Management': 'Pacientes', 'Denial Management': 'Denegaciones',
    'Ledger Management': 'Libro mayor', 'Health Care Professional Management': 'Profesionales de la salud', 'Insurance Management': 'Seguros', 'Company Management': 'Compañías',
    'Facility Management': 'Instalaciones', 'Procedure Management': 'Procedimientos', 'Diagnosis Management': 'Diagnósticos', 'Modifier Management': 'Modificadores', 'User Management': 'Usuarios',
    'Clearing House Management': 'Cámaras de compensación', 'Billing Company Management': 'Compañías de facturación', 'My Billing Company Management': 'Mi compañía de facturación',
    'Status Management': 'Estados', Reports: 'Reportes', 'File Manager': 'Archivos', 'Web Browser': 'Navegador', 'Sticky Notes': 'Notas', Messenger: 'Mensajería', Calculator: 'Calculadora',
    Widgets: 'Widgets', Setting: 'Configuración', Profile: 'Perfil', 'Permission Management': 'Permisos', 'Role Management': 'Roles', 'Restriction by IP': 'Restricción por IP',
    'Technical Support': 'Soporte técnico', Guidelines: 'Guías', Shortcuts: 'Atajos', 'Medical Store': 'Tienda médica',
  },
};
