package dev.sluice.rdmaproxy.driver;

import dev.sluice.rdmaproxy.uverbs.UverbsEnvelope;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a driver plugin accepts as the driver data of one {@link UdataSite}: the struct it names in
 * log lines and a check over the sentry's copy. Checks are built from the small combinators below,
 * so a plugin's rules read as a table of struct facts (minimum length, fields that must be zero,
 * known flag bits), each citing its header.
 *
 * @param struct the C struct and its header, for log lines ({@code struct mlx5_ib_create_cq
 *     (mlx5-abi.h)})
 * @param check null when the data is acceptable, else why not
 * @param needs flags the driver may act on only on a device with a capability ({@link
 *     CapabilityRule}), checked after {@code check}
 */
public record UdataRule(String struct, Check check, List<CapabilityRule> needs) {
    public UdataRule {
        needs = List.copyOf(needs);
    }

    /** A rule that depends on no device capability. */
    public UdataRule(String struct, Check check) {
        this(struct, check, List.of());
    }

    /**
     * One check over driver data; {@code env} is the call's envelope (some layouts depend on other
     * attributes).
     */
    @FunctionalInterface
    public interface Check {
        /** Null when acceptable, else the reason. */
        String check(Udata data, UverbsEnvelope env);
    }

    /**
     * Null when acceptable on a device that has reported no capabilities (so every {@link #needs}
     * entry whose flag is set refuses), else the reason, naming the struct.
     */
    public String apply(Udata data, UverbsEnvelope env) {
        return apply(data, env, new DeviceCaps(null));
    }

    /**
     * Null when acceptable on the device whose capabilities are {@code caps}, else the reason,
     * naming the struct.
     */
    public String apply(Udata data, UverbsEnvelope env, DeviceCaps caps) {
        String r = check.check(data, env);
        for (int i = 0; r == null && i < needs.size(); i++) {
            r = needs.get(i).check(data, caps);
        }
        return r == null ? null : struct + ": " + r;
    }

    /** The first failing check's reason. */
    public static Check all(Check... checks) {
        return (u, env) -> {
            for (Check c : checks) {
                String r = c.check(u, env);
                if (r != null) {
                    return r;
                }
            }
            return null;
        };
    }

    /** No data at all: the driver reads none here. */
    public static Check empty() {
        return (u, env) ->
                u.len() == 0
                        ? null
                        : "carries " + u.len() + " bytes, but the driver takes no data here";
    }

    /** Either no data (the driver then reads nothing) or data passing {@code c}. */
    public static Check emptyOr(Check c) {
        return (u, env) -> u.len() == 0 ? null : c.check(u, env);
    }

    /** At least {@code min} bytes; {@code what} says why ("offsetof(flags)"). */
    public static Check minLen(int min, String what) {
        return (u, env) ->
                u.len() >= min
                        ? null
                        : "length " + u.len() + " is less than " + min + " (" + what + ")";
    }

    /** Exactly {@code len} bytes. */
    public static Check lenIs(int len, String what) {
        return (u, env) ->
                u.len() == len ? null : "length " + u.len() + " is not " + len + " (" + what + ")";
    }

    /**
     * Every byte from {@code off} to the end is zero: reserved fields, or data beyond the known
     * struct.
     */
    public static Check zeroFrom(int off, String what) {
        return (u, env) -> {
            int i = u.firstNonZero(off);
            return i < 0
                    ? null
                    : "byte "
                            + i
                            + " is not zero ("
                            + what
                            + " from offset "
                            + off
                            + " must be zero)";
        };
    }

    /** The field of {@code width} bytes at {@code off} is zero. */
    public static Check zero(int off, int width, String field) {
        return (u, env) -> {
            long v = u.field(off, width);
            return v == 0 ? null : field + " is 0x" + Long.toHexString(v) + ", must be zero";
        };
    }

    /** The field holds only the named bits. */
    public static Check flags(int off, int width, String field, Map<Long, String> bits) {
        long known = 0;
        for (long b : bits.keySet()) {
            known |= b;
        }
        long mask = known;
        String names = String.join(", ", new TreeMap<>(bits).values());
        return (u, env) -> {
            long unknown = u.field(off, width) & ~mask;
            return unknown == 0
                    ? null
                    : field
                            + " has bits 0x"
                            + Long.toHexString(unknown)
                            + " outside the known ones ("
                            + names
                            + ")";
        };
    }

    /** The field holds one of {@code values}. */
    public static Check oneOf(int off, int width, String field, long... values) {
        return (u, env) -> {
            long v = u.field(off, width);
            for (long x : values) {
                if (v == x) {
                    return null;
                }
            }
            return field + " is " + v + ", not one of " + java.util.Arrays.toString(values);
        };
    }
}
