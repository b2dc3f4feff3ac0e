import { requestUserVerification } from "@katale/domain";
import type { Command } from "commander";
import { CliFailure } from "../cli-failure.js";
import { cliMessages } from "../cli-messages.js";
import type { Invoke } from "../invocation.js";
import { imageOption, location, type PlaceOptions, parseCoordinate } from "../selling/shop-admin-commands.js";
import { accountFailure } from "./account-failure.js";
import { authCliMessages } from "./auth-cli-messages.js";

interface VerifyOptions extends PlaceOptions {
  email: string;
  phone: string;
  nin: string;
  idImage: string;
  photo: string;
}

/**
 * `katale account verify`: the spec's user verification request (e-mail, phone, National ID Number,
 * the ID's picture, a photo of the user, the location), on the stored session.
 */
export function registerAccountCommands(program: Command, invoke: Invoke): void {
  const account = program.command("account").description("your account: ask for it to be verified");
  account
    .command("verify")
    .description("ask for your account to be verified: contact, National ID and its picture, a photo of you")
    .requiredOption("--email <email>", "your e-mail")
    .requiredOption("--phone <phone>", "your phone number (at most 10 characters)")
    .requiredOption("--nin <number>", "your National ID Number")
    .requiredOption("--id-image <file>", "a picture of your Government-issued National ID")
    .requiredOption("--photo <file>", "a clear photo of yourself")
    .option("--address <text>", "where you live, resolved with the address suggestions (first match)")
    .option("--lat <latitude>", "the location's latitude (instead of --address)", parseCoordinate)
    .option("--lon <longitude>", "the location's longitude (instead of --address)", parseCoordinate)
    .action(async (options: VerifyOptions, command: Command) => {
      const run = invoke(command);
      const services = run.services.account;
      const selling = run.services.selling;
      if (services?.verification === undefined || selling === undefined)
        throw new CliFailure(cliMessages.unexpected("account services are not configured"));
      if (services.storage.get("token") === null) throw new CliFailure(authCliMessages.notLoggedIn);
      const nationalIdImage = await imageOption(options.idImage);
      const userImage = await imageOption(options.photo);
      const place = await location(run, options, selling.addresses);
      const { verification, storage } = services;
      const sent = await requestUserVerification(
        { verification, storage },
        {
          email: options.email,
          phone: options.phone,
          nin: options.nin,
          nationalIdImage,
          userImage,
          locationLatitude: place.lat,
          locationLongitude: place.lon,
        },
      );
      if (!sent.ok) throw accountFailure(sent.error, run.services.urls.authUrl);
      run.show(
        sent.value,
        (s) => `${s.message}\n${authCliMessages.verificationNext}\n`,
        (s) => ({ message: s.message }),
      );
    });
}
