/// Small Python programs (python3-dbus and GLib's main loop) that stand in for the desktop's
/// services on a private bus: run one with `DBusDaemon.startPeer`. Each takes the bus address
/// as its first argument and owns the real service's name.
package enum DBusStandIns {
  /// `org.freedesktop.Notifications`: `Notify` answers ids from 41 (or the one replaced),
  /// writes what it was given as JSON to the file named by the second argument, and then, as
  /// a user clicking, emits `ActionInvoked` with the first action's key;
  /// `CloseNotification` emits `NotificationClosed` with reason 3; `GetCapabilities`.
  package static let notificationServer = """
    import json, sys
    import dbus, dbus.service, dbus.mainloop.glib
    from gi.repository import GLib

    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.bus.BusConnection(sys.argv[1])
    record = sys.argv[2]
    IFACE = 'org.freedesktop.Notifications'

    \(notificationServerStart)
            plain = {str(k): (int(v) if isinstance(v, (dbus.Byte, dbus.Int32, dbus.UInt32)) else str(v))
                     for k, v in hints.items()}
            with open(record, 'a') as f:
                f.write(json.dumps({'app': str(app), 'replaces': int(replaces), 'icon': str(icon),
                                    'summary': str(summary), 'body': str(body),
                                    'actions': [str(a) for a in actions], 'hints': plain,
                                    'timeout': int(timeout)}) + '\\n')
            if len(actions) >= 2:
                GLib.idle_add(lambda: self.ActionInvoked(dbus.UInt32(nid), actions[0]) and False)
            return dbus.UInt32(nid)

        @dbus.service.method(IFACE, in_signature='u', out_signature='')
        def CloseNotification(self, nid):
            GLib.idle_add(lambda: self.NotificationClosed(nid, dbus.UInt32(3)) and False)

        @dbus.service.method(IFACE, in_signature='', out_signature='as')
        def GetCapabilities(self):
            return ['actions', 'body']

        @dbus.service.method(IFACE, in_signature='', out_signature='ssss')
        def GetServerInformation(self):
            return ('stand-in', 'pomo', '1', '1.2')

    \(notificationServerEnd)
    """

  /// `org.freedesktop.login1`: one session, `/org/freedesktop/login1/session/_31` (id "1",
  /// "auto", or any pid), with `LockedHint` and `IdleHint` (`Get`, `GetAll`; both true from
  /// the start with "locked" and "idle" among the arguments after the address); an unknown id
  /// is the error `org.freedesktop.login1.NoSuchSession`. A test steers it through `org.pomo.Test`:
  /// `Lock`, `Unlock` (set `LockedHint`, emit the session's signal), `Sleep(b)` (emit the
  /// manager's `PrepareForSleep`) and `SetIdle(b)`; each change of a hint is also sent as the
  /// session's `PropertiesChanged`, after the signal.
  ///
  /// With `record=FILE` among the arguments, it also keeps inhibitors and locks as logind
  /// does, each written to FILE as a JSON line: `Inhibit(what, who, why, mode)` answers the
  /// write end of a new pipe (a real descriptor, `h`) and records `{"call": "Inhibit", "id": N,
  /// …}`; when every copy of that end has closed (pomo let go, or died) it records
  /// `{"call": "released", "id": N}`. `LockSession(id)` records `{"call": "LockSession",
  /// "session": id}`. Each line has the time it was written (`"t"`, Unix seconds).
  package static let logind = """
    import json, os, sys, time
    import dbus, dbus.service, dbus.mainloop.glib
    from gi.repository import GLib

    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.bus.BusConnection(sys.argv[1])
    MANAGER = 'org.freedesktop.login1.Manager'
    SESSION = 'org.freedesktop.login1.Session'
    PROPS = 'org.freedesktop.DBus.Properties'
    TEST = 'org.pomo.Test'
    SESSION_PATH = '/org/freedesktop/login1/session/_31'
    RECORD = next((a[len('record='):] for a in sys.argv[2:] if a.startswith('record=')), None)

    def record(entry):
        if RECORD:
            entry['t'] = time.time()
            with open(RECORD, 'a') as f:
                f.write(json.dumps(entry) + '\\n')

    class NoSuchSession(dbus.exceptions.DBusException):
        _dbus_error_name = 'org.freedesktop.login1.NoSuchSession'

    class Session(dbus.service.Object):
        def __init__(self):
            super().__init__(bus, SESSION_PATH)
            self.props = {'LockedHint': 'locked' in sys.argv[2:], 'IdleHint': 'idle' in sys.argv[2:]}

        @dbus.service.method(PROPS, in_signature='ss', out_signature='v')
        def Get(self, interface, name):
            if interface == SESSION and name == 'Id':
                return '1'
            if interface != SESSION or name not in self.props:
                raise dbus.exceptions.DBusException('no property %s' % name,
                                                    name='org.freedesktop.DBus.Error.UnknownProperty')
            return dbus.Boolean(self.props[name])

        @dbus.service.method(PROPS, in_signature='s', out_signature='a{sv}')
        def GetAll(self, interface):
            if interface != SESSION:
                return dbus.Dictionary({}, signature='sv')
            return dbus.Dictionary({'Id': '1', 'Active': dbus.Boolean(True),
                                    'LockedHint': dbus.Boolean(self.props['LockedHint']),
                                    'IdleHint': dbus.Boolean(self.props['IdleHint'])}, signature='sv')

        @dbus.service.signal(SESSION, signature='')
        def Lock(self):
            pass

        @dbus.service.signal(SESSION, signature='')
        def Unlock(self):
            pass

        @dbus.service.signal(PROPS, signature='sa{sv}as')
        def PropertiesChanged(self, interface, changed, invalidated):
            pass

        def hint(self, name, value):
            self.props[name] = bool(value)
            self.PropertiesChanged(SESSION, {name: dbus.Boolean(bool(value))}, dbus.Array([], signature='s'))

    class Manager(dbus.service.Object):
        def __init__(self, session):
            super().__init__(bus, '/org/freedesktop/login1')
            self.session = session

        @dbus.service.method(MANAGER, in_signature='s', out_signature='o')
        def GetSession(self, sid):
            if sid not in ('1', 'auto'):
                raise NoSuchSession("No session '%s' known" % sid)
            return dbus.ObjectPath(SESSION_PATH)

        @dbus.service.method(MANAGER, in_signature='u', out_signature='o')
        def GetSessionByPID(self, pid):
            return dbus.ObjectPath(SESSION_PATH)

        @dbus.service.signal(MANAGER, signature='b')
        def PrepareForSleep(self, start):
            pass

        @dbus.service.method(MANAGER, in_signature='ssss', out_signature='h')
        def Inhibit(self, what, who, why, mode):
            self.inhibitors = getattr(self, 'inhibitors', 0) + 1
            nid = self.inhibitors
            r, w = os.pipe()
            def released(fd, condition):
                record({'call': 'released', 'id': nid})
                os.close(fd)
                return False
            GLib.io_add_watch(r, GLib.PRIORITY_DEFAULT, GLib.IO_HUP | GLib.IO_ERR, released)
            record({'call': 'Inhibit', 'id': nid, 'what': str(what), 'who': str(who), 'why': str(why),
                    'mode': str(mode)})
            fd = dbus.types.UnixFd(w)
            os.close(w)
            return fd

        @dbus.service.method(MANAGER, in_signature='s', out_signature='')
        def LockSession(self, sid):
            if sid != '1':
                raise NoSuchSession("No session '%s' known" % sid)
            record({'call': 'LockSession', 'session': str(sid)})

        @dbus.service.method(TEST, in_signature='', out_signature='')
        def Lock(self):
            self.session.Lock()
            self.session.hint('LockedHint', True)

        @dbus.service.method(TEST, in_signature='', out_signature='')
        def Unlock(self):
            self.session.Unlock()
            self.session.hint('LockedHint', False)

        @dbus.service.method(TEST, in_signature='b', out_signature='')
        def Sleep(self, start):
            self.PrepareForSleep(start)

        @dbus.service.method(TEST, in_signature='b', out_signature='')
        def SetIdle(self, idle):
            self.session.hint('IdleHint', idle)

    manager = Manager(Session())
    name = dbus.service.BusName('org.freedesktop.login1', bus)
    print('logind ready', flush=True)
    GLib.MainLoop().run()
    """

  /// `org.freedesktop.Notifications` steered by a script of clicks: the third argument is
  /// action keys separated by commas, each clicked (`ActionInvoked`, a moment after the reply)
  /// on the first notification after the previous click that offers it. Every `Notify` and
  /// `CloseNotification` is written as a JSON line to the file named by the second argument
  /// (`call`, `id`, `replaces`, `summary`, `actions`; `clicked` when it was clicked).
  /// `Notify` answers ids from 41 (or the one replaced). With "noactions" as the fourth
  /// argument, `GetCapabilities` leaves out "actions"; with "hostile", each `Notify` is
  /// followed by signals pomo must drop: clicks on unknown ids and keys, `ActionInvoked` with
  /// the wrong signature or none, and a flood of 2,000 clicks on other notifications; then a
  /// real click on "extend".
  package static let steeredNotificationServer = """
    import json, sys
    import dbus, dbus.lowlevel, dbus.service, dbus.mainloop.glib
    from gi.repository import GLib

    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.bus.BusConnection(sys.argv[1])
    record = sys.argv[2]
    clicks = [k for k in (sys.argv[3] if len(sys.argv) > 3 else '').split(',') if k]
    mode = sys.argv[4] if len(sys.argv) > 4 else ''
    with_actions = mode != 'noactions'
    PATH = '/org/freedesktop/Notifications'
    IFACE = 'org.freedesktop.Notifications'

    def log(entry):
        with open(record, 'a') as f:
            f.write(json.dumps(entry) + '\\n')

    \(notificationServerStart)
            keys = [str(a) for a in actions[0::2]]
            entry = {'call': 'Notify', 'id': nid, 'replaces': int(replaces), 'summary': str(summary),
                     'body': str(body), 'actions': [str(a) for a in actions]}
            if clicks and clicks[0] in keys:
                key = clicks.pop(0)
                entry['clicked'] = key
                GLib.timeout_add(150, lambda: self.ActionInvoked(dbus.UInt32(nid), key) and False)
            log(entry)
            if mode == 'hostile':
                GLib.idle_add(lambda: self.hostile(nid) and False)
            return dbus.UInt32(nid)

        def hostile(self, nid):
            self.ActionInvoked(dbus.UInt32(nid + 1000), 'skip')
            self.ActionInvoked(dbus.UInt32(nid), 'rm -rf /')
            for body in [('41', 'skip'), (), (dbus.UInt32(nid),)]:
                msg = dbus.lowlevel.SignalMessage(PATH, IFACE, 'ActionInvoked')
                if body:
                    msg.append(*body, signature=('ss' if len(body) == 2 else 'u'))
                bus.send_message(msg)
            for i in range(2000):
                self.ActionInvoked(dbus.UInt32(nid + 2 + i), 'next')
            self.ActionInvoked(dbus.UInt32(nid), 'extend')
            log({'call': 'hostile', 'id': nid})

        @dbus.service.method(IFACE, in_signature='u', out_signature='')
        def CloseNotification(self, nid):
            log({'call': 'CloseNotification', 'id': int(nid)})
            GLib.idle_add(lambda: self.NotificationClosed(nid, dbus.UInt32(3)) and False)

        @dbus.service.method(IFACE, in_signature='', out_signature='as')
        def GetCapabilities(self):
            return ['actions', 'body'] if with_actions else ['body']

    \(notificationServerEnd)
    """

  /// `org.freedesktop.ScreenSaver` on a session bus: `Inhibit(app, reason)` answers cookies
  /// from 7, `UnInhibit(cookie)`; each is written as a JSON line to the file named by the
  /// second argument (`call`, `app`, `reason`, `cookie`, `sender`). When a connection that
  /// holds cookies leaves the bus (`NameOwnerChanged`), as a real screen saver notices, it
  /// records `{"call": "disconnected", "sender": …, "cookies": [...]}` and forgets them.
  package static let screenSaver = """
    import json, sys, time
    import dbus, dbus.service, dbus.mainloop.glib
    from gi.repository import GLib

    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.bus.BusConnection(sys.argv[1])
    RECORD = sys.argv[2]
    IFACE = 'org.freedesktop.ScreenSaver'

    def record(entry):
        entry['t'] = time.time()
        with open(RECORD, 'a') as f:
            f.write(json.dumps(entry) + '\\n')

    class ScreenSaver(dbus.service.Object):
        def __init__(self):
            super().__init__(bus, '/org/freedesktop/ScreenSaver')
            self.next = 7
            self.held = {}

        @dbus.service.method(IFACE, in_signature='ss', out_signature='u', sender_keyword='sender')
        def Inhibit(self, app, reason, sender=None):
            cookie = self.next
            self.next += 1
            self.held[cookie] = str(sender)
            record({'call': 'Inhibit', 'app': str(app), 'reason': str(reason), 'cookie': cookie,
                    'sender': str(sender)})
            return dbus.UInt32(cookie)

        @dbus.service.method(IFACE, in_signature='u', out_signature='', sender_keyword='sender')
        def UnInhibit(self, cookie, sender=None):
            self.held.pop(int(cookie), None)
            record({'call': 'UnInhibit', 'cookie': int(cookie), 'sender': str(sender)})

    saver = ScreenSaver()

    def owner_changed(name, old, new):
        if new == '' and name.startswith(':'):
            cookies = sorted(c for c, s in saver.held.items() if s == name)
            if cookies:
                for c in cookies:
                    del saver.held[c]
                record({'call': 'disconnected', 'sender': str(name), 'cookies': cookies})

    bus.add_signal_receiver(owner_changed, signal_name='NameOwnerChanged', dbus_interface='org.freedesktop.DBus',
                            bus_name='org.freedesktop.DBus', path='/org/freedesktop/DBus')
    name = dbus.service.BusName(IFACE, bus)
    print('screen saver ready', flush=True)
    GLib.MainLoop().run()
    """

  /// Another user's flood: signals of 8,000,000 bytes (`ay`, dressed as logind's `Lock`) sent
  /// straight to the connection the second argument names, for as long as it runs, each
  /// written whole before the next; "flooding" once 16 (128 MB) have gone.
  package static let flooder = """
    import sys
    import dbus, dbus.lowlevel

    bus = dbus.bus.BusConnection(sys.argv[1])
    payload = dbus.ByteArray(b'x' * 8000000)
    sent = 0
    while True:
        m = dbus.lowlevel.SignalMessage('/org/freedesktop/login1/session/_31', 'org.freedesktop.login1.Session', 'Lock')
        m.set_destination(sys.argv[2])
        m.append(payload, signature='ay')
        bus.send_message(m)
        bus.flush()
        sent += 1
        if sent == 16:
            print('flooding', flush=True)
    """

  /// The start both notification servers share: the server object, whose `Notify` takes the
  /// id it replaces or the next from 41 as `nid`; each goes on with the rest of `Notify`.
  static let notificationServerStart = """
    class Server(dbus.service.Object):
        def __init__(self):
            super().__init__(bus, '/org/freedesktop/Notifications')
            self.next_id = 41

        @dbus.service.method(IFACE, in_signature='susssasa{sv}i', out_signature='u')
        def Notify(self, app, replaces, icon, summary, body, actions, hints, timeout):
            if replaces:
                nid = int(replaces)
            else:
                nid = self.next_id
                self.next_id += 1
    """

  /// The end both notification servers share: the two signals pomo listens for, then the
  /// service's name taken, "notification server ready" said and the main loop run.
  static let notificationServerEnd = """
        @dbus.service.signal(IFACE, signature='us')
        def ActionInvoked(self, nid, key):
            pass

        @dbus.service.signal(IFACE, signature='uu')
        def NotificationClosed(self, nid, reason):
            pass

    server = Server()
    name = dbus.service.BusName(IFACE, bus)
    print('notification server ready', flush=True)
    GLib.MainLoop().run()
    """
}
