package dev.sluice.oci.launch;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A mount's {@code options}, as mount(8) and runc read them: flags that set or clear {@code MS_*}
 * bits, propagation types, recursive attributes ({@code rro}), and everything else passed to the
 * filesystem as its data ({@code mode=755}, {@code newinstance}).
 *
 * @param flags MS_* bits to pass to mount(2)
 * @param propagation MS_PRIVATE, MS_SHARED, ... (with MS_REC for the r- forms), or 0
 * @param recursiveRo {@code rro}: make the mount and everything under it read-only
 * @param data the filesystem options, comma-joined, or null when none
 */
public record MountOptions(long flags, long propagation, boolean recursiveRo, String data) {
    // include/uapi/linux/mount.h
    public static final long MS_RDONLY = 1;
    public static final long MS_NOSUID = 2;
    public static final long MS_NODEV = 4;
    public static final long MS_NOEXEC = 8;
    public static final long MS_SYNCHRONOUS = 16;
    public static final long MS_REMOUNT = 32;
    public static final long MS_MANDLOCK = 64;
    public static final long MS_DIRSYNC = 128;
    public static final long MS_NOATIME = 1024;
    public static final long MS_NODIRATIME = 2048;
    public static final long MS_BIND = 4096;
    public static final long MS_REC = 16384;
    public static final long MS_SILENT = 32768;
    public static final long MS_UNBINDABLE = 1 << 17;
    public static final long MS_PRIVATE = 1 << 18;
    public static final long MS_SLAVE = 1 << 19;
    public static final long MS_SHARED = 1 << 20;
    public static final long MS_RELATIME = 1 << 21;
    public static final long MS_I_VERSION = 1 << 23;
    public static final long MS_STRICTATIME = 1 << 24;
    public static final long MS_LAZYTIME = 1 << 25;

    /** Option → {clear, set}: the bits an option clears first, then the bits it sets. */
    static final Map<String, long[]> FLAGS;

    /** Propagation options → MS_* bits. */
    static final Map<String, Long> PROPAGATION;

    static {
        Map<String, long[]> f = new LinkedHashMap<>();
        f.put("async", new long[] {MS_SYNCHRONOUS, 0});
        f.put("atime", new long[] {MS_NOATIME, 0});
        f.put("bind", new long[] {0, MS_BIND});
        f.put("defaults", new long[] {0, 0});
        f.put("dev", new long[] {MS_NODEV, 0});
        f.put("diratime", new long[] {MS_NODIRATIME, 0});
        f.put("dirsync", new long[] {0, MS_DIRSYNC});
        f.put("exec", new long[] {MS_NOEXEC, 0});
        f.put("iversion", new long[] {0, MS_I_VERSION});
        f.put("lazytime", new long[] {0, MS_LAZYTIME});
        f.put("loud", new long[] {MS_SILENT, 0});
        f.put("mand", new long[] {0, MS_MANDLOCK});
        f.put("noatime", new long[] {0, MS_NOATIME});
        f.put("nodev", new long[] {0, MS_NODEV});
        f.put("nodiratime", new long[] {0, MS_NODIRATIME});
        f.put("noexec", new long[] {0, MS_NOEXEC});
        f.put("noiversion", new long[] {MS_I_VERSION, 0});
        f.put("nolazytime", new long[] {MS_LAZYTIME, 0});
        f.put("nomand", new long[] {MS_MANDLOCK, 0});
        f.put("norelatime", new long[] {MS_RELATIME, 0});
        f.put("nostrictatime", new long[] {MS_STRICTATIME, 0});
        f.put("nosuid", new long[] {0, MS_NOSUID});
        f.put("rbind", new long[] {0, MS_BIND | MS_REC});
        f.put("relatime", new long[] {0, MS_RELATIME});
        f.put("remount", new long[] {0, MS_REMOUNT});
        f.put("ro", new long[] {0, MS_RDONLY});
        f.put("rw", new long[] {MS_RDONLY, 0});
        f.put("silent", new long[] {0, MS_SILENT});
        f.put("strictatime", new long[] {0, MS_STRICTATIME});
        f.put("suid", new long[] {MS_NOSUID, 0});
        f.put("sync", new long[] {0, MS_SYNCHRONOUS});
        FLAGS = Collections.unmodifiableMap(f);
        Map<String, Long> p = new LinkedHashMap<>();
        p.put("private", MS_PRIVATE);
        p.put("rprivate", MS_PRIVATE | MS_REC);
        p.put("shared", MS_SHARED);
        p.put("rshared", MS_SHARED | MS_REC);
        p.put("slave", MS_SLAVE);
        p.put("rslave", MS_SLAVE | MS_REC);
        p.put("unbindable", MS_UNBINDABLE);
        p.put("runbindable", MS_UNBINDABLE | MS_REC);
        PROPAGATION = Collections.unmodifiableMap(p);
    }

    /** Every option name this parser knows (for {@code sluice features}), data options aside. */
    public static List<String> known() {
        List<String> all = new ArrayList<>(FLAGS.keySet());
        all.addAll(PROPAGATION.keySet());
        all.add("rro");
        Collections.sort(all);
        return all;
    }

    public static MountOptions parse(List<String> options) {
        long flags = 0;
        long propagation = 0;
        boolean rro = false;
        List<String> data = new ArrayList<>();
        for (String o : options) {
            long[] f = FLAGS.get(o);
            if (f != null) {
                flags = (flags & ~f[0]) | f[1];
            } else if (PROPAGATION.containsKey(o)) {
                propagation = PROPAGATION.get(o);
            } else if (o.equals("rro")) {
                rro = true;
            } else if (!o.isEmpty()) {
                data.add(o);
            }
        }
        return new MountOptions(
                flags, propagation, rro, data.isEmpty() ? null : String.join(",", data));
    }

    // include/uapi/linux/mount.h: mount_setattr(2)'s per-mount attributes
    static final long MOUNT_ATTR_RDONLY = 0x1;
    static final long MOUNT_ATTR_NOSUID = 0x2;
    static final long MOUNT_ATTR_NODEV = 0x4;
    static final long MOUNT_ATTR_NOEXEC = 0x8;
    static final long MOUNT_ATTR__ATIME = 0x70;
    static final long MOUNT_ATTR_RELATIME = 0x0;
    static final long MOUNT_ATTR_NOATIME = 0x10;
    static final long MOUNT_ATTR_STRICTATIME = 0x20;
    static final long MOUNT_ATTR_NODIRATIME = 0x80;

    /**
     * The per-mount flags of {@code msFlags} as {@code mount_setattr} attributes {set, clear}: what
     * a bind remount would set, added to what the mount already has rather than replacing it. In a
     * user namespace the kernel refuses a remount that would clear a flag the bind inherited from
     * its source (a locked flag, mount_namespaces(7)); adding flags is always allowed. Only the
     * atime mode, which is one value, is cleared before it is set. Other bits are not per-mount
     * flags and a bind remount ignores them.
     */
    static long[] bindAttributes(long msFlags) {
        long set = 0;
        long clear = 0;
        if ((msFlags & MS_RDONLY) != 0) {
            set |= MOUNT_ATTR_RDONLY;
        }
        if ((msFlags & MS_NOSUID) != 0) {
            set |= MOUNT_ATTR_NOSUID;
        }
        if ((msFlags & MS_NODEV) != 0) {
            set |= MOUNT_ATTR_NODEV;
        }
        if ((msFlags & MS_NOEXEC) != 0) {
            set |= MOUNT_ATTR_NOEXEC;
        }
        if ((msFlags & MS_NODIRATIME) != 0) {
            set |= MOUNT_ATTR_NODIRATIME;
        }
        long atime =
                (msFlags & MS_NOATIME) != 0
                        ? MOUNT_ATTR_NOATIME
                        : (msFlags & MS_STRICTATIME) != 0
                                ? MOUNT_ATTR_STRICTATIME
                                : (msFlags & MS_RELATIME) != 0 ? MOUNT_ATTR_RELATIME : -1;
        if (atime >= 0) {
            set |= atime;
            clear |= MOUNT_ATTR__ATIME;
        }
        return new long[] {set, clear};
    }

    /**
     * The value of filesystem option {@code name=} (e.g. {@code gid} of {@code gid=5}), or null.
     */
    public String dataValue(String name) {
        if (data == null) {
            return null;
        }
        String v = null;
        for (String o : data.split(",")) {
            if (o.startsWith(name + "=")) {
                v = o.substring(name.length() + 1);
            }
        }
        return v;
    }

    public boolean isBind() {
        return (flags & MS_BIND) != 0;
    }

    public boolean isReadonly() {
        return (flags & MS_RDONLY) != 0;
    }
}
