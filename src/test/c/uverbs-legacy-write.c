/*
 * sluice-uverbs-legacy-write: one legacy uverbs command (IB_USER_VERBS_CMD_REG_MR carrying 8 bytes
 * of driver data, which no RDMAProxy plugin models) issued twice on the device's command fd: once
 * with write(2), the legacy interface, and once as the UVERBS_METHOD_INVOKE_WRITE ioctl that carries
 * the same command. Prints one line per path with its errno (0: the kernel ran it), then
 * "legacy_write result=done". Natively both run; under RDMAProxy the ioctl is refused (EINVAL) and,
 * in strict mode (--rdma-strict), the write as well.
 *
 * With -H, the hostile steps of strict mode follow, one line "legacy_write hostile ...": the
 * device node opened under another name than libibverbs' (open=ERRNO: the sentry serves only the
 * exact name, the kernel refuses the rest on the nodev bind mount, EACCES 13), the command fd
 * reopened through /proc/self/fd/N (reopen=ERRNO: the file's mount is nodev, EACCES), and a
 * thread swapping the command fd and a pipe onto one fd number while another writes the command
 * there (race_kernel_runs=K: writes that returned success but did not land in the pipe, i.e. that
 * a kernel ran on the uverbs file; 0 under strict mode, where the kernel refuses the guest's own
 * writes on a file the sentry opened).
 *
 *   sluice-uverbs-legacy-write -d rxe0 [-H]
 *
 * Struct layouts and numbers from rdma/ib_user_verbs.h, rdma/ib_user_ioctl_cmds.h and
 * rdma/rdma_user_ioctl_cmds.h.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <infiniband/verbs.h>
#include <rdma/ib_user_ioctl_cmds.h>
#include <rdma/ib_user_verbs.h>
#include <rdma/rdma_user_ioctl_cmds.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "fdswap.h"

struct reg_mr_write {
	struct ib_uverbs_cmd_hdr hdr;
	struct ib_uverbs_reg_mr cmd;
	uint64_t driver_data;
};

static int by_write(int fd, struct ibv_pd *pd, void *buf, struct ib_uverbs_reg_mr_resp *resp)
{
	struct reg_mr_write w;

	memset(&w, 0, sizeof(w));
	w.hdr.command = IB_USER_VERBS_CMD_REG_MR;
	w.hdr.in_words = sizeof(w) / 4;
	w.hdr.out_words = sizeof(*resp) / 4;
	w.cmd.response = (uintptr_t)resp;
	w.cmd.start = (uintptr_t)buf;
	w.cmd.length = 4096;
	w.cmd.hca_va = (uintptr_t)buf;
	w.cmd.pd_handle = pd->handle;
	w.cmd.access_flags = IBV_ACCESS_LOCAL_WRITE;
	w.driver_data = 0x5a5a5a5a5a5a5a5aULL;
	return write(fd, &w, sizeof(w)) == (ssize_t)sizeof(w) ? 0 : errno;
}

static int by_ioctl(int fd, struct ibv_pd *pd, void *buf, struct ib_uverbs_reg_mr_resp *resp)
{
	struct {
		struct ib_uverbs_ioctl_hdr hdr;
		struct ib_uverbs_attr attrs[4];
	} c;
	struct ib_uverbs_reg_mr cmd;

	memset(&c, 0, sizeof(c));
	memset(&cmd, 0, sizeof(cmd));
	cmd.start = (uintptr_t)buf;
	cmd.length = 4096;
	cmd.hca_va = (uintptr_t)buf;
	cmd.pd_handle = pd->handle;
	cmd.access_flags = IBV_ACCESS_LOCAL_WRITE;
	c.hdr.length = sizeof(c);
	c.hdr.object_id = UVERBS_OBJECT_DEVICE;
	c.hdr.method_id = UVERBS_METHOD_INVOKE_WRITE;
	c.hdr.num_attrs = 4;
	c.hdr.driver_id = RDMA_DRIVER_RXE;
	c.attrs[0].attr_id = UVERBS_ATTR_WRITE_CMD;
	c.attrs[0].len = sizeof(uint64_t);
	c.attrs[0].data = IB_USER_VERBS_CMD_REG_MR;
	c.attrs[1].attr_id = UVERBS_ATTR_CORE_IN;
	c.attrs[1].len = sizeof(cmd);
	c.attrs[1].data = (uintptr_t)&cmd;
	c.attrs[2].attr_id = UVERBS_ATTR_CORE_OUT;
	c.attrs[2].len = sizeof(*resp);
	c.attrs[2].data = (uintptr_t)resp;
	c.attrs[3].attr_id = UVERBS_ATTR_UHW_IN;
	c.attrs[3].len = sizeof(uint64_t);
	c.attrs[3].data = 0x5a5a5a5a5a5a5a5aULL; /* at most 8 bytes: inline */
	return ioctl(fd, RDMA_VERBS_IOCTL, &c) == 0 ? 0 : errno;
}

#define RACE_ROUNDS 4000

static void hostile(const char *node, int cmd_fd, struct ibv_pd *pd, void *buf, struct ib_uverbs_reg_mr_resp *resp)
{
	char other[128], link[64], drain[4096];
	int open_errno, reopen_errno, fd, p[2];
	long ok = 0, landed = 0, eacces = 0, einval = 0;
	struct fd_swap race;

	/* "/dev/infiniband/uverbs0" as "/dev/infiniband/./uverbs0": the same node, another name. */
	const char *slash = strrchr(node, '/');
	snprintf(other, sizeof(other), "%.*s/.%s", (int)(slash - node), node, slash);
	fd = open(other, O_RDWR | O_CLOEXEC);
	open_errno = fd < 0 ? errno : 0;
	if (fd >= 0)
		close(fd);
	snprintf(link, sizeof(link), "/proc/self/fd/%d", cmd_fd);
	fd = open(link, O_RDWR | O_CLOEXEC);
	reopen_errno = fd < 0 ? errno : 0;
	if (fd >= 0)
		close(fd);
	if (pipe2(p, O_NONBLOCK | O_CLOEXEC) < 0) {
		perror("pipe2");
		exit(2);
	}
	fd_swap_start(&race, cmd_fd, p[1]);
	for (int i = 0; i < RACE_ROUNDS; i++) {
		int e = by_write(race.target, pd, buf, resp);
		ssize_t n;

		ok += e == 0;
		eacces += e == EACCES;
		einval += e == EINVAL;
		while ((n = read(p[0], drain, sizeof(drain))) > 0)
			landed += n;
	}
	fd_swap_stop(&race);
	printf("legacy_write hostile open=%d reopen=%d race_ok=%ld race_eacces=%ld race_einval=%ld "
	       "race_kernel_runs=%ld\n",
	       open_errno, reopen_errno, ok, eacces, einval, ok - landed / (long)sizeof(struct reg_mr_write));
}

int main(int argc, char **argv)
{
	const char *name = argc >= 3 && !strcmp(argv[1], "-d") ? argv[2] : NULL;
	int hostile_steps = argc == 4 && !strcmp(argv[3], "-H");
	struct ibv_device **list = ibv_get_device_list(NULL);
	struct ibv_context *ctx = NULL;
	struct ib_uverbs_reg_mr_resp resp;
	struct ibv_pd *pd;
	void *buf;

	for (int i = 0; list && list[i]; i++)
		if (!name || !strcmp(ibv_get_device_name(list[i]), name))
			ctx = ibv_open_device(list[i]);
	if (!ctx || !(pd = ibv_alloc_pd(ctx)) || posix_memalign(&buf, 4096, 4096)) {
		fprintf(stderr, "legacy_write: cannot open %s and allocate a PD\n", name ? name : "a device");
		return 2;
	}
	printf("legacy_write path=write errno=%d\n", by_write(ctx->cmd_fd, pd, buf, &resp));
	printf("legacy_write path=ioctl errno=%d\n", by_ioctl(ctx->cmd_fd, pd, buf, &resp));
	if (hostile_steps) {
		char node[128];

		/* the uverbs node's name, not the ib device's: from the sysfs path */
		snprintf(node, sizeof(node), "/dev/infiniband/%s", strrchr(ctx->device->dev_path, '/') + 1);
		fflush(stdout);
		hostile(node, ctx->cmd_fd, pd, buf, &resp);
	}
	printf("legacy_write result=done\n");
	return 0;
}
